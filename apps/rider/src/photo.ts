/**
 * The photo at the door (issue 45 item 6): the phone's camera picture scaled down in the browser
 * (at most PHOTO_SIDE px, JPEG) so a 3G upload is ~100–200 KB, not the camera's 4 MB, then sent to
 * `/s/api/rider/orders/:id/photo` as multipart (the server checks it again, drops its metadata and
 * keeps it in the media store).
 */
import type { RiderTrip } from '@grocer/shared/delivery-trips';
import { ApiError, writeHeaders } from '@grocer/shared/api-client';

export const PHOTO_SIDE = 1280;

/** The longest side scaled to `max` at most (never up). */
export function fitWithin(width: number, height: number, max = PHOTO_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function decode(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number }> {
  if ('createImageBitmap' in window) {
    const bmp = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { source: bmp, width: bmp.width, height: bmp.height };
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { source: img, width: img.naturalWidth, height: img.naturalHeight };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The picture as a JPEG of at most PHOTO_SIDE px (the file itself when it cannot be decoded here: the server decides). */
export async function downscale(file: Blob): Promise<Blob> {
  try {
    const { source, width, height } = await decode(file);
    const size = fitWithin(width, height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    canvas.getContext('2d')!.drawImage(source, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/jpeg', 0.72));
    return blob ?? file;
  } catch {
    return file;
  }
}

/** Sends the photo for a stop of the rider's trip; answers the trip as it now stands. */
export async function uploadPhoto(orderId: string, photo: Blob): Promise<RiderTrip> {
  const form = new FormData();
  form.append('file', photo, 'door.jpg');
  const send = async (fresh: boolean) =>
    fetch(`/s/api/rider/orders/${encodeURIComponent(orderId)}/photo`, {
      method: 'POST',
      credentials: 'include',
      headers: await writeHeaders(fresh),
      body: form,
    });
  let res = await send(false);
  if (res.status === 403) res = await send(true);
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, data);
  const { riderTripSchema } = await import('@grocer/shared/delivery-trips');
  return riderTripSchema.parse(data);
}
