import { z } from 'zod';
import { pageSchema } from './ids';
import { PAGE_SIZES } from './pagination';

/**
 * The media library (`/s/api/admin/media*`): images uploaded by staff, checked and re-encoded by
 * the server, each stored once under a server-made path and shown through `/media/{size}/{path}`.
 */

/** What an upload may be, by the decoded image (never by its name or the browser's type). */
export const MEDIA_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];
/** The file picker's hint; the server decides by the bytes. */
export const MEDIA_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
export const ALT_MAX = 250;

export const altSchema = z.string().trim().max(ALT_MAX, `Alt text can be at most ${ALT_MAX} characters`);

export const mediaSchema = z.object({
  id: z.number().int(),
  /** the stored original's path under /media/{size}/ */
  path: z.string(),
  /** the uploaded file's name (for people; the path is the server's) */
  name: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  format: z.enum(MEDIA_FORMATS),
  created_at: z.string(),
  /** the staff member who uploaded it (a user id) */
  created_by: z.number().int().nullable(),
});
export type Media = z.infer<typeof mediaSchema>;

export const mediaListQuerySchema = z.object({
  q: z.string().trim().max(100).default(''),
  page: pageSchema,
  perPage: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: `Per page must be one of ${PAGE_SIZES.join(', ')}` })
    .default(20),
});
export type MediaListQuery = z.infer<typeof mediaListQuerySchema>;

export const mediaListSchema = z.object({
  data: z.array(mediaSchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), perPage: z.number().int() }),
});
export type MediaList = z.infer<typeof mediaListSchema>;

export const mediaUpdateSchema = z.object({ alt: altSchema });

/** A product's image as the editor holds it: the first is the cover (shown on cards). */
export const productImageSchema = z.object({
  src: z.string().trim().min(1, 'Choose an image').max(300),
  alt: altSchema,
});
export type ProductImage = z.infer<typeof productImageSchema>;
export const PRODUCT_IMAGES_MAX = 12;
export const productImagesSchema = z.array(productImageSchema).max(PRODUCT_IMAGES_MAX, `At most ${PRODUCT_IMAGES_MAX} images`);

/** "2 MB", "512 KB": a byte count as people read it. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}
