import { MAX_CATEGORY_DEPTH, type AdminCategory } from '@grocer/shared/admin-catalogue-edit';
import { ApiError } from '@grocer/shared/api-client';
import { imageUrl } from '@grocer/shared/image';
import { Plus } from 'lucide-react';
import { useMemo, useState, type ComponentType } from 'react';
import { toast } from 'sonner';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
import { useCategories, useDeleteCategory, useSaveCategory } from '../api/categories';
import { flatten, height, subtree, type FlatCategory } from '../tree';
import { CategoryTree } from './category-tree';
import { t } from '../../../lib/i18n';

const primary = 'rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:opacity-90 disabled:opacity-50';
const secondary = 'rounded-md border bg-white px-4 py-2 text-sm font-medium hover:bg-gray-50';

/**
 * Categories: the tree on the left (drag or arrow buttons to arrange), the chosen category's form
 * on the right (or a new one's). `imageField` is the avatar's input, composed in by the route (a
 * media picker when there is one; a path field otherwise).
 */
export function CategoryScreen({ imageField }: { imageField?: ComponentType<ImageFieldProps> }) {
  const categories = useCategories();
  const flat = useMemo(() => flatten(categories.data?.data ?? []), [categories.data]);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const current = typeof editing === 'number' ? flat.find((c) => c.id === editing) : undefined;

  if (categories.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(categories.error)}
      </p>
    );
  return (
    <>
      <div className="mb-4 flex items-center gap-3">
        <h1 className="flex-1 text-2xl font-semibold">{t('Categories')}</h1>
        <button type="button" onClick={() => setEditing('new')} className={`${primary} inline-flex items-center gap-1`}>
          <Plus className="size-4" aria-hidden />
          {t('New category')}
        </button>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <Card title={t('Tree')}>
          <p className="mb-3 text-sm text-gray-600">
            {t(
              'Drag a category by its handle to reorder it; drag it right to put it under the one above, left to move it out. The arrows do the same from the keyboard. Up to {MAX_CATEGORY_DEPTH} levels.',
              { MAX_CATEGORY_DEPTH },
            )}
          </p>
          {!categories.data ? (
            <p className="text-sm text-gray-500">{t('Loading…')}</p>
          ) : flat.length === 0 ? (
            <p className="text-sm text-gray-500">{t('No categories yet. Create the first one.')}</p>
          ) : (
            <CategoryTree flat={flat} selected={typeof editing === 'number' ? editing : null} onSelect={setEditing} />
          )}
        </Card>
        {editing === 'new' ? (
          <CategoryForm key="new" flat={flat} onDone={(c) => setEditing(c?.id ?? null)} imageField={imageField} />
        ) : current ? (
          <CategoryForm key={current.id} flat={flat} category={current} onDone={(c) => setEditing(c?.id ?? null)} imageField={imageField} />
        ) : (
          <Card title={t('Category')}>
            <p className="text-sm text-gray-500">{t('Choose a category in the tree to edit it.')}</p>
          </Card>
        )}
      </div>
    </>
  );
}

export interface ImageFieldProps {
  id: string;
  value: string;
  onChange: (path: string) => void;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/** A media path typed by hand (the route may compose in a library picker around it). */
export function PathField(props: ImageFieldProps & { placeholder?: string }) {
  return (
    <input
      id={props.id}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      aria-invalid={props['aria-invalid']}
      aria-describedby={props['aria-describedby']}
      placeholder={props.placeholder ?? 'categories/rice.webp'}
      className={inputClass}
    />
  );
}

function CategoryForm({
  flat,
  category,
  onDone,
  imageField: ImageField = PathField,
}: {
  flat: FlatCategory[];
  category?: FlatCategory;
  onDone: (saved: AdminCategory | null) => void;
  imageField?: ComponentType<ImageFieldProps>;
}) {
  const initial = { name: category?.name ?? '', slug: category?.slug ?? '', avatar: category?.avatar ?? '', parent: '' };
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCategory();
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const set = (k: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [k]: v }));
  const parents = flat.filter((c) => c.depth < MAX_CATEGORY_DEPTH - 1);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!values.name.trim()) return setErrors({ name: 'Name is required' });
    setErrors({});
    save.mutate(
      {
        id: category?.id,
        version: category?.version,
        name: values.name,
        slug: values.slug,
        avatar: values.avatar,
        ...(category ? {} : { parent_id: values.parent ? Number(values.parent) : null }),
      },
      {
        onSuccess: (saved) => {
          toast.success(category ? t('{name} saved', { name: saved.name }) : t('{name} created', { name: saved.name }));
          onDone(saved);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 422)
            return setErrors(
              Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k === 'parent_id' ? 'parent' : k, v[0]!])),
            );
          toast.error(errorMessage(err));
        },
      },
    );
  };

  return (
    <Card title={category ? t('Edit {name}', { name: category.name }) : t('New category')}>
      <LeaveGuard when={dirty && !save.isPending} />
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={category ? t('Edit category') : t('New category')}>
        <Field label={t('Name')} error={errors.name}>
          {(a) => <input {...a} value={values.name} onChange={(e) => set('name')(e.target.value)} className={inputClass} />}
        </Field>
        <Field
          label={t('Slug')}
          error={errors.slug}
          hint={t("The shop's filter address: /products?c={value} (made from the name when empty)", { value: values.slug || '…' })}
        >
          {(a) => <input {...a} value={values.slug} onChange={(e) => set('slug')(e.target.value)} className={inputClass} />}
        </Field>
        {!category && (
          <Field
            label={t('Parent')}
            error={errors.parent}
            hint={t('Categories go {MAX_CATEGORY_DEPTH} levels deep.', { MAX_CATEGORY_DEPTH })}
          >
            {(a) => (
              <select {...a} value={values.parent} onChange={(e) => set('parent')(e.target.value)} className={inputClass}>
                <option value="">{t('None (top level)')}</option>
                {parents.map((c) => (
                  <option key={c.id} value={c.id}>
                    {'\u00a0\u00a0'.repeat(c.depth)}
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field label={t('Avatar image')} error={errors.avatar} hint={t("Shown on the shop's category tiles.")}>
          {(a) => <ImageField {...a} value={values.avatar} onChange={set('avatar')} />}
        </Field>
        {values.avatar && !errors.avatar && (
          <img
            src={imageUrl(values.avatar, 'small', '')}
            alt=""
            width={64}
            height={64}
            className="size-16 rounded bg-gray-100 object-cover"
          />
        )}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={save.isPending} className={primary}>
            {category ? t('Save') : t('Create category')}
          </button>
          <button type="button" onClick={() => onDone(category ?? null)} className={secondary}>
            {t('Cancel')}
          </button>
          {category && <DeleteCategory flat={flat} category={category} onDeleted={() => onDone(null)} />}
        </div>
      </form>
    </Card>
  );
}

function DeleteCategory({ flat, category, onDeleted }: { flat: FlatCategory[]; category: FlatCategory; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [moveTo, setMoveTo] = useState('');
  const remove = useDeleteCategory();
  const children = flat.filter((c) => c.parent_id === category.id).length;
  const used = category.products > 0 || children > 0;
  const inside = subtree(flat, category.id);
  const tallest = Math.max(0, ...flat.filter((c) => c.parent_id === category.id).map((c) => height(flat, c.id)));
  const targets = flat.filter((c) => !inside.has(c.id) && c.depth + 1 + tallest <= MAX_CATEGORY_DEPTH);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className="ml-auto text-sm font-medium text-red-700 hover:underline">
          {t('Delete')}
        </button>
      }
      title={t('Delete {name}?', { name: category.name })}
      description={
        used
          ? t(
              'It has {products} {products, plural, one {product} other {products}} and {children} {children, plural, one {sub-category} other {sub-categories}}. Choose where they go.',
              { products: category.products, children },
            )
          : t('It has no products or sub-categories.')
      }
      cancel={t('Keep it')}
      confirm={t('Delete')}
      busy={remove.isPending}
      onConfirm={() =>
        remove.mutate(
          { id: category.id, moveTo: used ? (moveTo ? Number(moveTo) : null) : undefined },
          {
            onSuccess: () => {
              toast.success(t('{name} deleted', { name: category.name }));
              setOpen(false);
              onDeleted();
            },
            onError: (e) => toast.error(errorMessage(e)),
          },
        )
      }
    >
      {used && (
        <Field label={t('Move them to')} className="mt-4">
          {(a) => (
            <select {...a} value={moveTo} onChange={(e) => setMoveTo(e.target.value)} className={inputClass}>
              <option value="">{t('No category (sub-categories go to the top level)')}</option>
              {targets.map((c) => (
                <option key={c.id} value={c.id}>
                  {'\u00a0\u00a0'.repeat(c.depth)}
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </ConfirmDialog>
  );
}
