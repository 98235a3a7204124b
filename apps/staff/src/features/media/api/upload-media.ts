import { mediaSchema, type Media } from '@grocer/shared/media';
import { ApiError, writeHeaders } from '@grocer/shared/api-client';

/**
 * POST /s/api/admin/media with one file (multipart field `file`), through XMLHttpRequest for its
 * upload progress (fetch has none). Resolves the library row; rejects with the server's ApiError
 * (413 too large, 422 not an image) so each file shows its own message.
 */
export async function uploadMedia(file: File, onProgress: (fraction: number) => void): Promise<Media> {
  const send = async (freshToken: boolean) => {
    const headers = await writeHeaders(freshToken);
    return new Promise<{ status: number; data: unknown }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', '/s/api/admin/media');
      xhr.withCredentials = true;
      for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
      xhr.onload = () => {
        let data: unknown;
        try {
          data = JSON.parse(xhr.responseText);
        } catch {
          data = xhr.responseText;
        }
        resolve({ status: xhr.status, data });
      };
      xhr.onerror = () => reject(new Error('The upload failed: check the connection and try again.'));
      const body = new FormData();
      body.append('file', file, file.name);
      xhr.send(body);
    });
  };
  let res = await send(false);
  if (res.status === 403 && new ApiError(403, res.data).code === 'CSRF_MISMATCH') res = await send(true);
  if (res.status < 200 || res.status >= 300) throw new ApiError(res.status, res.data);
  onProgress(1);
  return mediaSchema.parse(res.data);
}
