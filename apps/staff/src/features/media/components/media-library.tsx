import { counted } from '@grocer/shared/labels';
import { formatBytes, type Media } from '@grocer/shared/media';
import { imageUrl } from '@grocer/shared/image';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useAddressParams } from '../../../lib/list-state';
import { toast } from 'sonner';
import { inputClass } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
import { useMedia } from '../api/get-media';
import { useDeleteMedia, useUpdateMediaAlt } from '../api/update-media';
import { UploadZone } from './upload-zone';
import { t } from '../../../lib/i18n';

/** /bos/admin/media: upload, search, alt text, delete. The view (search, page) is in the address. */
export function MediaLibrary() {
  const [params, change] = useAddressParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const perPage = [5, 10, 20, 50, 100].includes(Number(params.get('perPage'))) ? Number(params.get('perPage')) : 20;
  const set = (patch: Record<string, string | null>) =>
    change((p) => {
      for (const [k, v] of Object.entries(patch))
        if (v === null || v === '') p.delete(k);
        else p.set(k, v);
    });
  const list = useMedia({ q, page, perPage });

  return (
    <div className="space-y-6">
      <UploadZone />
      <div className="flex flex-wrap items-center gap-3">
        <input
          type="search"
          defaultValue={q}
          placeholder={t('Search by file name or alt text')}
          aria-label={t('Search media')}
          className={`${inputClass} mt-0 max-w-sm`}
          onChange={(e) => set({ q: e.target.value, page: null })}
        />
        <p className="text-sm text-gray-600">{list.data ? counted(list.data.meta.total, 'image') : ''}</p>
      </div>
      {list.error && (
        <p role="alert" className="text-red-700">
          {errorMessage(list.error)}
        </p>
      )}
      {list.data && list.data.data.length === 0 && (
        <p className="rounded-lg border bg-white p-8 text-center text-sm text-gray-600">
          {q ? t('No image matches this search.') : t('No images yet. Upload the first ones above.')}
        </p>
      )}
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5" aria-label={t('Media library')}>
        {list.data?.data.map((m) => (
          <MediaCard key={m.id} media={m} />
        ))}
      </ul>
      {list.data && list.data.meta.total > 0 && (
        <Pagination
          page={page}
          perPage={perPage}
          total={list.data.meta.total}
          onPage={(p) => set({ page: String(p) })}
          onPerPage={(n) => set({ perPage: String(n), page: null })}
        />
      )}
    </div>
  );
}

function MediaCard({ media }: { media: Media }) {
  const [alt, setAlt] = useState(media.alt);
  const update = useUpdateMediaAlt();
  const remove = useDeleteMedia();
  const [confirm, setConfirm] = useState(false);
  const dirty = alt.trim() !== media.alt;
  const saveAlt = async () => {
    try {
      await update.mutateAsync({ id: media.id, alt: alt.trim() });
      toast.success(t('Alt text saved'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border bg-white shadow-sm" aria-label={media.name || media.path}>
      <img
        src={imageUrl(media.path, 'small', '')}
        alt={media.alt}
        width={240}
        height={180}
        loading="lazy"
        className="aspect-[4/3] w-full bg-gray-100 object-contain"
      />
      <div className="flex flex-1 flex-col gap-2 p-3">
        <p className="truncate text-sm font-medium" title={media.name}>
          {media.name || media.path.split('/').pop()}
        </p>
        <p className="text-xs text-gray-500">
          {media.width}×{media.height} · {media.format.toUpperCase()} · {formatBytes(media.bytes)}
        </p>
        <form
          className="flex gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            void saveAlt();
          }}
        >
          <input
            value={alt}
            onChange={(e) => setAlt(e.target.value)}
            placeholder={t('Alt text')}
            aria-label={t('Alt text of {value}', { value: media.name || media.path })}
            maxLength={250}
            className={`${inputClass} mt-0 text-xs`}
          />
          {dirty && (
            <button type="submit" disabled={update.isPending} className="rounded-md border px-2 text-xs font-medium hover:bg-gray-50">
              {t('Save')}
            </button>
          )}
        </form>
        <ConfirmDialog
          open={confirm}
          onOpenChange={setConfirm}
          trigger={
            <button
              type="button"
              className="mt-auto inline-flex items-center gap-1 self-start text-xs text-red-700 hover:underline"
              aria-label={t('Delete {value}', { value: media.name || media.path })}
            >
              <Trash2 className="size-3.5" aria-hidden />
              {t('Delete')}
            </button>
          }
          title={t('Delete this image?')}
          description={t(
            '{name} is removed from the library for good. An image still shown on a product, category or brand cannot be deleted.',
            { name: media.name },
          )}
          cancel={t('Keep it')}
          confirm={t('Delete')}
          busy={remove.isPending}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(media.id);
              toast.success(t('Image deleted'));
              setConfirm(false);
            } catch (e) {
              setConfirm(false);
              toast.error(errorMessage(e));
            }
          }}
        />
      </div>
    </li>
  );
}
