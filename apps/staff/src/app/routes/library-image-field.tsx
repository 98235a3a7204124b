import { useState, type ComponentType } from 'react';
import { MediaPicker } from '../../features/media/components/media-picker';
import { PathField, type ImageFieldProps } from '../../features/taxonomy/components/category-screen';
import { t } from '../../lib/i18n';

/**
 * An image field of a form: a media path, typed or chosen from the media library. Composed here, in
 * the routes, because features do not import each other (the taxonomy screens take it as a prop).
 */
export function libraryImageField(title: string, placeholder: string): ComponentType<ImageFieldProps> {
  return function LibraryImageField(props: ImageFieldProps) {
    const [open, setOpen] = useState(false);
    return (
      <div className="flex items-start gap-2">
        <div className="flex-1">
          <PathField {...props} placeholder={placeholder} />
        </div>
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="mt-1 rounded-md border px-3 py-2 text-sm whitespace-nowrap hover:bg-gray-50"
        >
          {t('Choose from library')}
        </button>
        <MediaPicker open={open} onOpenChange={setOpen} title={title} onPick={([m]) => m && props.onChange(m.path)} />
      </div>
    );
  };
}
