import { formatBytes, type Media } from '@grocer/shared/media';
import type { Db, DbOrTx } from '../../db/client';
import { fail } from '../../http/errors';
import type { AuditActor } from '../audit';
import { catalogueMediaUses } from '../catalogue';
import { contentMediaUses } from '../content';
import { websiteMediaUses } from '../website/media-usage';
import { CONTENT_TYPE, displayName, mediaPath, processImage } from './process';
import { addMedia, deleteMedia } from './service';
import type { MediaStorage } from './storage';
import { forgetVariants } from './variants';

export interface MediaDeps {
  db: Db;
  storage: MediaStorage;
  mediaDir: string;
}

/** An upload: checked and re-encoded, stored under a new path, then recorded (the file is removed again if the row is not). */
export async function uploadMedia(deps: MediaDeps, actor: AuditActor, file: { body: Buffer; name: string }): Promise<Media> {
  const image = await processImage(file.body);
  const name = displayName(file.name);
  const key = mediaPath(actor.websiteId, name, image.format);
  await deps.storage.put(key, image.body, CONTENT_TYPE[image.format]);
  try {
    return await addMedia(deps.db, actor, {
      path: key,
      name,
      width: image.width,
      height: image.height,
      bytes: image.body.length,
      format: image.format,
    });
  } catch (e) {
    await deps.storage.delete(key).catch(() => undefined);
    throw e;
  }
}

/** Everywhere the shop shows a media path: the catalogue, the shop's logo and icon, content pages. */
async function mediaUses(tx: DbOrTx, websiteId: number, path: string): Promise<string[]> {
  // one after another: inside a transaction its one connection takes one statement at a time
  return [
    ...(await catalogueMediaUses(tx, websiteId, path)),
    ...(await websiteMediaUses(tx, websiteId, path)),
    ...(await contentMediaUses(tx, websiteId, path)),
  ];
}

/** Deletes an unused library image (409 MEDIA_IN_USE naming where it is shown), then its stored file and variants. */
export async function removeMedia(deps: MediaDeps, actor: AuditActor, id: number): Promise<void> {
  const path = await deleteMedia(
    deps.db,
    actor,
    id,
    (tx, p) => mediaUses(tx, actor.websiteId, p),
    (uses) => {
      const shown = uses.slice(0, 3).join(', ') + (uses.length > 3 ? ` and ${uses.length - 3} more` : '');
      return fail('MEDIA_IN_USE', { uses: shown });
    },
  );
  await deps.storage.delete(path);
  await forgetVariants(deps.mediaDir, path);
}

export const sizeLimitText = (bytes: number) => formatBytes(bytes);
