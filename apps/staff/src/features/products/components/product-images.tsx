import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { adminProductInputSchema, AdminProductInput } from '@grocer/shared/admin-catalogue';
import { imageUrl } from '@grocer/shared/image';
import { PRODUCT_IMAGES_MAX } from '@grocer/shared/media';
import { GripVertical, ImagePlus, Star, X } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useFormState, type Control, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { Card, inputClass } from '../../../components/ui/field';
import type { ImagePicker } from '../../../lib/image-picker';
import { t } from '../../../lib/i18n';

type FormValues = z.input<typeof adminProductInputSchema>;

/** The library picker the route hands in (features do not import each other): `MediaPicker` of features/media. */
export type { ImagePicker };

/**
 * The product's images, part of the product form (saved with it, in its transaction and version):
 * drag to reorder (pointer, or keyboard: focus a handle, Space, arrows, Space), the first is the
 * cover shown on cards, alt text each, add from the library or upload, remove.
 */
export function ProductImages({
  control,
  register,
  Picker,
}: {
  control: Control<FormValues, unknown, AdminProductInput>;
  register: UseFormRegister<FormValues>;
  Picker: ImagePicker;
}) {
  const images = useFieldArray({ control, name: 'images', keyName: 'key' });
  const { errors } = useFormState({ control, name: 'images' });
  const [picking, setPicking] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = images.fields.findIndex((f) => f.key === active.id);
    const to = images.fields.findIndex((f) => f.key === over.id);
    if (from >= 0 && to >= 0) images.move(from, to);
  };
  const list = errors.images;
  // What a screen reader hears while moving an image with the keyboard (positions, not ids).
  const pos = (id: string | number) => images.fields.findIndex((f) => f.key === id) + 1;
  const accessibility = {
    screenReaderInstructions: {
      draggable:
        'To reorder, press Space or Enter to pick the image up, the arrow keys to move it, Space or Enter to drop it, Escape to cancel.',
    },
    announcements: {
      onDragStart: ({ active }: Pick<DragEndEvent, 'active'>) => `Picked up image ${pos(active.id)}.`,
      onDragOver: ({ active, over }: Pick<DragEndEvent, 'active' | 'over'>) =>
        over ? `Image ${pos(active.id)} is over position ${pos(over.id)}.` : `Image ${pos(active.id)} is over no position.`,
      onDragEnd: ({ active, over }: Pick<DragEndEvent, 'active' | 'over'>) =>
        over ? `Image ${pos(active.id)} dropped at position ${pos(over.id)}.` : `Image ${pos(active.id)} dropped.`,
      onDragCancel: ({ active }: Pick<DragEndEvent, 'active'>) => `Moving image ${pos(active.id)} was cancelled.`,
    },
  };

  return (
    <Card title={t('Images')}>
      {list?.message && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {list.message}
        </p>
      )}
      {images.fields.length === 0 ? (
        <p className="mb-3 text-sm text-gray-600">{t('No images yet: the shop shows a placeholder.')}</p>
      ) : (
        <p className="mb-3 text-xs text-gray-500">{t('Drag to reorder. The first image is the cover, shown on product cards.')}</p>
      )}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
        <SortableContext items={images.fields.map((f) => f.key)} strategy={rectSortingStrategy}>
          <ol className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4" aria-label={t('Product images')}>
            {images.fields.map((f, i) => (
              <SortableImage
                key={f.key}
                id={f.key}
                index={i}
                src={f.src}
                error={list?.[i]?.src?.message ?? list?.[i]?.alt?.message}
                altInput={register(`images.${i}.alt`)}
                onCover={() => images.move(i, 0)}
                onRemove={() => images.remove(i)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <button
        type="button"
        disabled={images.fields.length >= PRODUCT_IMAGES_MAX}
        onClick={() => setPicking(true)}
        className="mt-4 inline-flex items-center gap-1 rounded-md border px-3 py-2 text-sm font-medium hover:bg-gray-50 disabled:opacity-50"
      >
        <ImagePlus className="size-4" aria-hidden />
        {t('Add images')}
      </button>
      <Picker
        open={picking}
        onOpenChange={setPicking}
        multiple
        title={t('Add images to the product')}
        onPick={(picked) => {
          const have = new Set(images.fields.map((f) => f.src));
          const fresh = picked.filter((p) => !have.has(p.path)).slice(0, PRODUCT_IMAGES_MAX - images.fields.length);
          images.append(fresh.map((p) => ({ src: p.path, alt: p.alt })));
        }}
      />
    </Card>
  );
}

function SortableImage({
  id,
  index,
  src,
  error,
  altInput,
  onCover,
  onRemove,
}: {
  id: string;
  index: number;
  src: string;
  error?: string;
  altInput: ReturnType<UseFormRegister<FormValues>>;
  onCover: () => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const n = index + 1;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`rounded-md border bg-white p-2 ${isDragging ? 'z-10 shadow-lg' : ''}`}
      aria-label={t('Image {n}{value}', { n, value: index === 0 ? t(' (cover)') : '' })}
    >
      <div className="relative">
        <img
          src={imageUrl(src, 'small', '')}
          alt=""
          width={240}
          height={180}
          className="aspect-[4/3] w-full rounded bg-gray-100 object-contain"
          draggable={false}
        />
        {index === 0 && (
          <span className="absolute top-1 left-1 rounded bg-brand px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-white uppercase">
            {t('Cover')}
          </span>
        )}
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t('Drag image {n} to reorder', { n })}
          className="absolute top-1 right-1 cursor-grab rounded bg-white/90 p-1 shadow active:cursor-grabbing"
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
      </div>
      <input {...altInput} placeholder={t('Alt text')} aria-label={t('Alt text of image {n}', { n })} className={`${inputClass} text-xs`} />
      {error && <p className="mt-1 text-xs text-red-700">{error}</p>}
      <div className="mt-2 flex items-center gap-2 text-xs">
        {index > 0 && (
          <button
            type="button"
            onClick={onCover}
            className="inline-flex items-center gap-1 whitespace-nowrap text-gray-700 hover:underline"
          >
            <Star className="size-3.5" aria-hidden />
            {t('Make cover')}
          </button>
        )}
        <button
          type="button"
          onClick={onRemove}
          aria-label={t('Remove image {n}', { n })}
          className="ml-auto inline-flex items-center gap-1 text-red-700 hover:underline"
        >
          <X className="size-3.5" aria-hidden />
          {t('Remove')}
        </button>
      </div>
    </li>
  );
}
