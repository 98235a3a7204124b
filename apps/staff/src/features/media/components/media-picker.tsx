import { imageUrl } from '@grocer/shared/image';
import type { Media } from '@grocer/shared/media';
import * as Dialog from '@radix-ui/react-dialog';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { useMedia } from '../api/get-media';
import { UploadZone } from './upload-zone';
import { t } from '../../../lib/i18n';

/** What a screen gets from the picker: the library image's path (to store) and its alt text. */
export interface PickedMedia {
  path: string;
  alt: string;
}

export interface MediaPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (picked: PickedMedia[]) => void;
  /** several images (a product's) or one (a category avatar, a brand logo) */
  multiple?: boolean;
  title?: string;
}

/**
 * Choose images from the media library, or upload new ones here (they are chosen as they arrive).
 * A dialog (Radix: focus kept inside, Escape closes); tiles are toggle buttons.
 */
export function MediaPicker({ open, onOpenChange, onPick, multiple = false, title = 'Choose images' }: MediaPickerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100vh-4rem)] w-[960px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-xl">
          {open && <PickerBody multiple={multiple} title={title} onPick={onPick} onClose={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PickerBody({
  multiple,
  title,
  onPick,
  onClose,
}: {
  multiple: boolean;
  title: string;
  onPick: (picked: PickedMedia[]) => void;
  onClose: () => void;
}) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Media[]>([]);
  const list = useMedia({ q, page, perPage: 20 });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.meta.total / 20)) : 1;
  const toggle = (m: Media) =>
    setChosen((c) => (c.some((x) => x.id === m.id) ? c.filter((x) => x.id !== m.id) : multiple ? [...c, m] : [m]));
  const done = () => {
    onPick(chosen.map((m) => ({ path: m.path, alt: m.alt })));
    onClose();
  };

  return (
    <>
      <div className="flex items-center gap-3 border-b px-6 py-4">
        <Dialog.Title className="flex-1 text-lg font-semibold">{title}</Dialog.Title>
        <Dialog.Close aria-label={t('Close')} className="rounded p-1 hover:bg-gray-100">
          <X className="size-5" aria-hidden />
        </Dialog.Close>
      </div>
      <Dialog.Description className="sr-only">{t('Pick images from the media library, or upload new ones.')}</Dialog.Description>
      <div className="flex-1 space-y-4 overflow-y-auto px-6 py-4">
        <UploadZone compact onUploaded={(m) => setChosen((c) => (multiple ? [...c, m] : [m]))} />
        <input
          type="search"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
          placeholder={t('Search by file name or alt text')}
          aria-label={t('Search the library')}
          className={`${inputClass} mt-0`}
        />
        {list.error && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(list.error)}
          </p>
        )}
        {list.data?.data.length === 0 && (
          <p className="text-sm text-gray-600">
            {t('No images')} {q ? t('match this search') : t('in the library yet')}.
          </p>
        )}
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-5" aria-label={t('Library images')}>
          {list.data?.data.map((m) => {
            const on = chosen.some((x) => x.id === m.id);
            return (
              <li key={m.id}>
                <button
                  type="button"
                  aria-pressed={on}
                  aria-label={`${on ? 'Chosen: ' : ''}${m.name || m.path}${m.alt ? ` (${m.alt})` : ''}`}
                  onClick={() => toggle(m)}
                  className={`relative block w-full overflow-hidden rounded-md border-2 ${on ? 'border-brand' : 'border-transparent'}`}
                >
                  <img
                    src={imageUrl(m.path, 'small', '')}
                    alt=""
                    width={240}
                    height={180}
                    loading="lazy"
                    className="aspect-[4/3] w-full bg-gray-100 object-contain"
                  />
                  {on && (
                    <span className="absolute top-1 right-1 rounded-full bg-brand p-0.5 text-white">
                      <Check className="size-4" aria-hidden />
                    </span>
                  )}
                  <span className="block truncate px-1 py-0.5 text-left text-xs text-gray-600">{m.name}</span>
                </button>
              </li>
            );
          })}
        </ul>
        {pages > 1 && (
          <div className="flex items-center justify-center gap-2 text-sm">
            <button
              type="button"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
              className="rounded border px-3 py-1 disabled:opacity-40"
            >
              {t('Previous')}
            </button>
            <span>{t('Page {page} of {pages}', { page, pages })}</span>
            <button
              type="button"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
              className="rounded border px-3 py-1 disabled:opacity-40"
            >
              {t('Next')}
            </button>
          </div>
        )}
      </div>
      <div className="flex items-center justify-end gap-2 border-t px-6 py-4">
        <p className="mr-auto text-sm text-gray-600">
          {chosen.length ? t('{chosen} chosen', { chosen: chosen.length }) : t('Nothing chosen yet')}
        </p>
        <Dialog.Close className="rounded-md border px-4 py-2 text-sm">{t('Cancel')}</Dialog.Close>
        <button
          type="button"
          disabled={!chosen.length}
          onClick={done}
          className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:opacity-90 disabled:opacity-50"
        >
          {multiple ? `Add ${chosen.length || ''} image${chosen.length === 1 ? '' : 's'}`.replace('  ', ' ') : t('Use this image')}
        </button>
      </div>
    </>
  );
}
