import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { s3Client, type S3Settings } from '../domains/media';

/** One stored original: its size and SHA-256 (hex). */
export interface FileSum {
  bytes: number;
  sha256: string;
  /** S3 only: the object's Content-Type, put back on restore */
  contentType?: string;
}

export interface S3Listing {
  bucket: string;
  prefix: string;
  /** every key under the prefix (relative to it), as listed when the backup was taken */
  keys: number;
  /** where the listing is, in the backup folder */
  listing: string;
  /** whether the objects themselves were copied (into `s3/`) */
  copied: boolean;
  files: Record<string, FileSum>;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The media folder's originals, relative to it: everything but the resized cache (`.cache`, made
 * again on demand) and files still being written (`*.tmp`, LocalStorage's rename-into-place).
 */
export async function localOriginals(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((rel) => !rel.startsWith('.cache/') && !rel.endsWith('.tmp'))
    .sort();
}

/** Copies the local originals into `to`, answering each one's size and checksum. */
export async function copyLocalMedia(from: string, to: string): Promise<Record<string, FileSum>> {
  const files: Record<string, FileSum> = {};
  for (const rel of await localOriginals(from)) {
    const bytes = await readFile(path.join(from, rel)).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return null; // deleted while we listed: not in the backup
      throw e;
    });
    if (!bytes) continue;
    await mkdir(path.dirname(path.join(to, rel)), { recursive: true });
    await writeFile(path.join(to, rel), bytes);
    files[rel] = { bytes: bytes.length, sha256: sha256(bytes) };
  }
  return files;
}

const fullKey = (settings: S3Settings, rel: string) => (settings.prefix ? `${settings.prefix}/${rel}` : rel);

/** Every key under the configured prefix (relative to it), with size; `limit` stops early. */
export async function listS3(
  client: S3Client,
  settings: S3Settings,
  limit = Infinity,
): Promise<Array<{ key: string; bytes: number; etag?: string }>> {
  const keys: Array<{ key: string; bytes: number; etag?: string }> = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({
        Bucket: settings.bucket,
        Prefix: settings.prefix ? `${settings.prefix}/` : undefined,
        ContinuationToken: token,
      }),
    );
    for (const o of page.Contents ?? []) {
      const rel = settings.prefix ? o.Key!.slice(settings.prefix.length + 1) : o.Key!;
      keys.push({ key: rel, bytes: o.Size ?? 0, etag: o.ETag });
      if (keys.length >= limit) return keys;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/** Writes the bucket's listing into `out`, and with `copy` every object under `out/s3/`. */
export async function backupS3(settings: S3Settings, out: string, copy: boolean): Promise<S3Listing> {
  const client = s3Client(settings);
  try {
    const keys = await listS3(client, settings);
    await writeFile(path.join(out, 's3-keys.json'), JSON.stringify({ bucket: settings.bucket, prefix: settings.prefix, keys }, null, 1));
    const files: Record<string, FileSum> = {};
    if (copy)
      for (const { key } of keys) {
        const res = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: fullKey(settings, key) }));
        const bytes = Buffer.from(await res.Body!.transformToByteArray());
        await mkdir(path.dirname(path.join(out, 's3', key)), { recursive: true });
        await writeFile(path.join(out, 's3', key), bytes);
        files[key] = { bytes: bytes.length, sha256: sha256(bytes), contentType: res.ContentType };
      }
    return { bucket: settings.bucket, prefix: settings.prefix, keys: keys.length, listing: 's3-keys.json', copied: copy, files };
  } finally {
    client.destroy();
  }
}

/** Puts the backed-up objects into the configured bucket, under its prefix. */
export async function restoreS3(settings: S3Settings, from: string, files: Record<string, FileSum>): Promise<void> {
  const client = s3Client(settings);
  try {
    for (const [key, sum] of Object.entries(files))
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: fullKey(settings, key),
          Body: await readFile(path.join(from, 's3', key)),
          ContentType: sum.contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
  } finally {
    client.destroy();
  }
}

/** Copies files listed in `files` from `from` into `to` (relative paths kept). */
export async function copyInto(from: string, to: string, files: Record<string, FileSum>): Promise<void> {
  for (const rel of Object.keys(files)) {
    await mkdir(path.dirname(path.join(to, rel)), { recursive: true });
    await copyFile(path.join(from, rel), path.join(to, rel));
  }
}
