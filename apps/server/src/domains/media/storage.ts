import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';

/**
 * Where media originals live: one interface, two implementations. The local folder (`MEDIA_DIR`)
 * is the default; with `S3_BUCKET` set, originals are written to and read from S3-compatible
 * object storage, so every server process behind a load balancer sees the same files. Keys are
 * relative paths (`uploads/w1/rice-3kq9x2.webp`) checked by `safeKey`.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** the bytes, or null when there is no such object */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  close?(): void;
}

/** A normalised relative key, or null for traversal, absolute paths and the variant cache. */
export function safeKey(key: string): string | null {
  const rel = path.posix.normalize(key.replace(/\\/g, '/'));
  if (!rel || rel === '.' || rel.startsWith('..') || rel.startsWith('/') || rel.startsWith('.cache') || rel.includes('\0')) return null;
  return rel;
}

export class LocalStorage implements MediaStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(dir: string) {
    this.root = path.resolve(dir);
  }

  private file(key: string): string | null {
    const rel = safeKey(key);
    if (!rel) return null;
    const file = path.resolve(this.root, rel);
    return file.startsWith(this.root + path.sep) ? file : null;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.file(key);
    if (!file) throw new Error(`unsafe media key ${key}`);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, file);
  }

  async get(key: string): Promise<Buffer | null> {
    const file = this.file(key);
    if (!file || !existsSync(file) || !(await stat(file)).isFile()) return null;
    return readFile(file);
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    if (file) await rm(file, { force: true });
  }
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  prefix: string;
}

/** The S3 client for a bucket's settings (the media store's, and the backup's). */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Without keys the SDK's own chain applies (AWS_* variables, an instance role).
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
}

export class S3Storage implements MediaStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    /** read-only fallback: files written before the switch to S3 (and the demo's artwork) */
    private readonly fallback: MediaStorage | null = null,
  ) {
    this.client = s3Client(settings);
  }

  private key(key: string): string {
    const rel = safeKey(key);
    if (!rel) throw new Error(`unsafe media key ${key}`);
    return this.settings.prefix ? `${this.settings.prefix}/${rel}` : rel;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(key),
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    if (!safeKey(key)) return null;
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
      return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
    } catch (e) {
      const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (e as Error).name === 'NoSuchKey') return this.fallback ? this.fallback.get(key) : null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
  }

  close() {
    this.client.destroy();
  }
}

/** The storage the configuration asks for: S3 when a bucket is named, else the local folder. */
export function mediaStorage(config: Pick<Config, 'mediaDir' | 's3'>): MediaStorage {
  const local = new LocalStorage(config.mediaDir);
  return config.s3 ? new S3Storage(config.s3, local) : local;
}
