import { useState } from 'react';
import { MediaPicker } from '../../features/media/components/media-picker';
import { CategoryScreen, PathField, type ImageFieldProps } from '../../features/taxonomy/components/category-screen';

/** The avatar: a media path, typed or chosen from the media library (composed here: features do not import each other). */
function AvatarField(props: ImageFieldProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex items-start gap-2">
      <div className="flex-1">
        <PathField {...props} />
      </div>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-1 rounded-md border px-3 py-2 text-sm whitespace-nowrap hover:bg-gray-50"
      >
        Choose from library
      </button>
      <MediaPicker open={open} onOpenChange={setOpen} title="Choose the avatar" onPick={([m]) => m && props.onChange(m.path)} />
    </div>
  );
}

export function CategoriesRoute() {
  return <CategoryScreen imageField={AvatarField} />;
}
