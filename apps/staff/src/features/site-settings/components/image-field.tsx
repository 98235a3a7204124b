import { imageUrl } from '@grocer/shared/image';
import { useState } from 'react';
import { useImagePicker } from '../../../lib/image-picker';
import { t } from '../../../lib/i18n';

/** An image chosen from the media library (or uploaded there): its stored path, a thumbnail, change and remove. */
export function ImageField({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: string;
  onChange: (path: string) => void;
  error?: string;
  hint?: string;
}) {
  const Picker = useImagePicker();
  const [open, setOpen] = useState(false);
  return (
    <div>
      <span className="block text-sm font-medium text-gray-700">{label}</span>
      <div className="mt-1 flex items-center gap-3">
        <div className="flex size-16 items-center justify-center overflow-hidden rounded-md border bg-gray-50">
          {value ? (
            <img src={imageUrl(value, 'small', '')} alt="" className="size-full object-contain" />
          ) : (
            <span className="text-xs text-gray-500">{t('None')}</span>
          )}
        </div>
        <button type="button" onClick={() => setOpen(true)} className="rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-gray-50">
          {value ? t('Change {label}', { label: label.toLowerCase() }) : t('Choose {label}', { label: label.toLowerCase() })}
        </button>
        {value && (
          <button type="button" onClick={() => onChange('')} className="text-sm text-red-700 hover:underline">
            {t('Remove')}
          </button>
        )}
      </div>
      {hint && <p className="mt-1 text-xs text-gray-500">{hint}</p>}
      {error && <p className="mt-1 text-xs text-red-700">{error}</p>}
      <Picker
        open={open}
        onOpenChange={setOpen}
        title={t('Choose the {label}', { label: label.toLowerCase() })}
        onPick={(p) => (p[0] && onChange(p[0].path), setOpen(false))}
      />
    </div>
  );
}
