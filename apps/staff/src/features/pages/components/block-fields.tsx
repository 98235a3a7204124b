import { BLOCKS, HERO_ASPECTS, type BlockType } from '@grocer/shared/blocks';
import { imageUrl } from '@grocer/shared/image';
import type { CustomField, Field, Fields } from '@puckeditor/core';
import { ImagePlus, Search, X } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { z } from 'zod';
import { RichText } from '../../../components/ui/rich-text';
import { useBrandOptions, useCategoryOptions, useProductSearch } from '../api/sources';
import { t } from '../../../lib/i18n';

/** The media library's picker, given by the route (features do not import each other). */
export type ImagePicker = ComponentType<{
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (picked: Array<{ path: string; alt: string }>) => void;
  title?: string;
}>;

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

/** A block schema's JSON Schema (input side: what may be typed, defaults optional). */
export const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** The prop names a block's `data` and `settings` own (the editor keeps both flat in one props object). */
export const blockKeys = (type: BlockType) => ({
  data: Object.keys(jsonSchemaOf(BLOCKS[type].data).properties ?? {}),
  settings: Object.keys(jsonSchemaOf(BLOCKS[type].settings).properties ?? {}),
});

const LABELS: Record<string, string> = {
  image_sm: 'Small-screen image (below 768 px)',
  image: 'Image',
  columns_sm: 'Columns on a phone',
  height_sm: 'Height on a phone (px)',
  height: 'Height (px)',
  bgcolor: 'Background colour',
  fullpage: 'Full width',
  products: 'Hand-picked products',
  category: 'From category',
  parent: 'Sub-categories of',
  brand: 'From brand',
  sort: 'Order',
  limit: 'How many',
  sm: 'Shape on a phone',
  md: 'Shape on a tablet (from 768 px)',
  lg: 'Shape on a computer (from 1024 px)',
  heading: t('Heading (over the image)'),
  text: 'Text (under the heading)',
  button: 'Button label',
  alt: 'Image description (read aloud to the blind)',
};
const label = (key: string) => LABELS[key] ?? key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ');

const IMAGE_KEYS = new Set(['image', 'image_sm']);

/**
 * Puck fields generated from a block's schema (`@grocer/shared/blocks`): strings as text, numbers
 * with their bounds, booleans as yes/no, enums as choices, lists and objects as Puck's array and
 * object fields; images through the media library; categories, brands and products chosen from the
 * shop's own. A field added to a block's schema appears here without a change.
 */
export function fieldsFor(type: BlockType, picker: ImagePicker): Fields {
  const out: Fields = {};
  for (const part of [BLOCKS[type].data, BLOCKS[type].settings]) {
    const props = jsonSchemaOf(part).properties ?? {};
    for (const [key, schema] of Object.entries(props)) out[key] = fieldFor(type, key, schema, picker);
  }
  return out;
}

function fieldFor(type: BlockType, key: string, schema: JsonSchema, picker: ImagePicker): Field {
  const l = label(key);
  if (IMAGE_KEYS.has(key)) return imageField(l, picker);
  if (key === 'products') return productsField(l);
  if (key === 'category' || key === 'parent') return taxonomyField(l, 'category');
  if (key === 'brand') return taxonomyField(l, 'brand');
  if (type === 'hero-slider' && (key === 'sm' || key === 'md' || key === 'lg'))
    return {
      type: 'select',
      label: l,
      options: [{ label: t('Default'), value: '' }, ...HERO_ASPECTS.map((a) => ({ label: a.label, value: a.value }))],
    };
  if (key === 'bgcolor') return colourField(l);
  if (key === 'html') return type === 'rich-text' ? richTextField() : { type: 'textarea', label: t('HTML (sanitised when shown)') };
  if (schema.enum)
    return {
      type: 'select',
      label: l,
      options: [{ label: t('Default'), value: '' }, ...schema.enum.map((v) => ({ label: String(v), value: v as string }))],
    };
  switch (schema.type) {
    case 'boolean':
      return {
        type: 'radio',
        label: l,
        options: [
          { label: t('Yes'), value: true },
          { label: t('No'), value: false },
        ],
      };
    case 'integer':
    case 'number':
      return { type: 'number', label: l, min: schema.minimum, max: schema.maximum };
    case 'array': {
      const item = schema.items ?? {};
      const sub = Object.fromEntries(Object.entries(item.properties ?? {}).map(([k, s]) => [k, fieldFor(type, k, s, picker)]));
      return {
        type: 'array',
        label: l,
        arrayFields: sub,
        defaultItemProps: defaultsOf(item),
        getItemSummary: (it: Record<string, unknown>, i?: number) =>
          String(it.heading || it.title || it.alt || it.link || `Item ${(i ?? 0) + 1}`),
      };
    }
    case 'object':
      return {
        type: 'object',
        label: l,
        objectFields: Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, fieldFor(type, k, s, picker)])),
      };
    default:
      return { type: 'text', label: l };
  }
}

/** What a new list item starts with: each property's default, or empty. */
function defaultsOf(schema: JsonSchema): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([k, s]) => [
      k,
      s.default ?? (s.type === 'boolean' ? false : s.type === 'array' ? [] : s.type === 'number' || s.type === 'integer' ? undefined : ''),
    ]),
  );
}

const smallButton = 'inline-flex items-center gap-1 rounded border bg-white px-2 py-1 text-xs font-medium hover:bg-gray-50';

function imageField(l: string, Picker: ImagePicker): CustomField<string> {
  return {
    type: 'custom',
    label: l,
    render: function ImageValue({ value, onChange, readOnly, id }) {
      const [open, setOpen] = useState(false);
      return (
        <div>
          <p className="mb-1 text-xs font-medium text-gray-700">{l}</p>
          <div className="flex items-center gap-2">
            {value ? (
              <img src={imageUrl(value, 'small')} alt="" className="size-14 rounded border object-cover" />
            ) : (
              <div className="grid size-14 place-items-center rounded border border-dashed text-gray-400">
                <ImagePlus className="size-5" aria-hidden />
              </div>
            )}
            <div className="flex min-w-0 flex-col gap-1">
              <button type="button" id={id} className={smallButton} disabled={readOnly} onClick={() => setOpen(true)}>
                {value ? t('Change image') : t('Choose image')}
              </button>
              {value && (
                <button type="button" className={`${smallButton} text-red-700`} disabled={readOnly} onClick={() => onChange('')}>
                  {t('Remove')}
                </button>
              )}
            </div>
          </div>
          {value && <p className="mt-1 truncate font-mono text-[11px] text-gray-500">{value}</p>}
          <Picker open={open} onOpenChange={setOpen} title={t('{l}: choose or upload', { l })} onPick={([m]) => m && onChange(m.path)} />
        </div>
      );
    },
  };
}

/** The staff app's own rich-text editor (Puck's richtext hands render a React node, not the HTML the block stores). */
function richTextField(): CustomField<string> {
  return {
    type: 'custom',
    label: t('Text'),
    render: ({ value, onChange }) => (
      <div>
        <p className="mb-1 text-xs font-medium text-gray-700">{t('Text')}</p>
        <RichText value={value ?? ''} onChange={onChange} label={t('Text')} />
      </div>
    ),
  };
}

function taxonomyField(l: string, kind: 'category' | 'brand'): CustomField<string | undefined> {
  return {
    type: 'custom',
    label: l,
    render: function TaxonomyValue({ value, onChange, id, readOnly }) {
      const categories = useCategoryOptions();
      const brands = useBrandOptions();
      const options =
        kind === 'category'
          ? (categories.data?.data ?? []).map((c) => ({ slug: c.slug, name: c.name }))
          : (brands.data?.data ?? []).map((b) => ({ slug: b.slug, name: b.name }));
      return (
        <label className="block text-xs font-medium text-gray-700" htmlFor={id}>
          {l}
          <select
            id={id}
            disabled={readOnly}
            value={value ?? ''}
            onChange={(e) => onChange(e.target.value || undefined)}
            className="mt-1 block w-full rounded border bg-white px-2 py-1.5 text-sm font-normal"
          >
            <option value="">{kind === 'category' ? t('Any (top categories)') : t('Any brand')}</option>
            {options.map((o) => (
              <option key={o.slug} value={o.slug}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
      );
    },
  };
}

function productsField(l: string): CustomField<string[] | undefined> {
  return {
    type: 'custom',
    label: l,
    render: function ProductsValue({ value, onChange, id, readOnly }) {
      const [q, setQ] = useState('');
      const found = useProductSearch(q);
      const chosen = value ?? [];
      return (
        <div>
          <p className="text-xs font-medium text-gray-700">{l}</p>
          <p className="text-[11px] text-gray-500">
            {t('When chosen, these show in this order, those in stock first, as shoppers see them (the source above is then ignored).')}
          </p>
          <ul className="mt-1 space-y-1">
            {chosen.map((slug, i) => (
              <li key={slug} className="flex items-center justify-between gap-2 rounded border bg-gray-50 px-2 py-1 text-xs">
                <span className="truncate font-mono">
                  {i + 1}. {slug}
                </span>
                <button
                  type="button"
                  aria-label={t('Remove {slug}', { slug })}
                  disabled={readOnly}
                  onClick={() => onChange(chosen.filter((s) => s !== slug))}
                  className="rounded p-0.5 hover:bg-gray-200"
                >
                  <X className="size-3" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
          <div className="relative mt-2">
            <Search className="pointer-events-none absolute top-2 left-2 size-3.5 text-gray-400" aria-hidden />
            <input
              id={id}
              value={q}
              disabled={readOnly}
              onChange={(e) => setQ(e.target.value)}
              placeholder={t('Search products to add')}
              className="block w-full rounded border py-1.5 pr-2 pl-7 text-sm"
            />
          </div>
          {q && (
            <ul className="mt-1 max-h-48 overflow-y-auto rounded border bg-white text-sm">
              {(found.data?.data ?? [])
                .filter((p) => !chosen.includes(p.slug))
                .map((p) => (
                  <li key={p.id}>
                    <button
                      type="button"
                      className="block w-full px-2 py-1.5 text-left hover:bg-teal-50"
                      onClick={() => onChange([...chosen, p.slug])}
                    >
                      {p.name}
                    </button>
                  </li>
                ))}
              {found.data?.data.length === 0 && <li className="px-2 py-1.5 text-gray-500">{t('No product matches')}</li>}
            </ul>
          )}
        </div>
      );
    },
  };
}

/** A colour as the Theme screen takes one: the picker and the typed value side by side. */
function colourField(l: string): CustomField<string | undefined> {
  return {
    type: 'custom',
    label: l,
    render: function ColourValue({ value, onChange, readOnly, id }) {
      const hex = /^#[0-9a-f]{6}$/i.test(value ?? '') ? value! : '#ffffff';
      return (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={t('{l}: pick', { l })}
            value={hex}
            disabled={readOnly}
            onChange={(e) => onChange(e.target.value)}
            className="h-9 w-12 cursor-pointer rounded border"
          />
          <input
            id={id}
            type="text"
            value={value ?? ''}
            placeholder={t('None')}
            disabled={readOnly}
            onChange={(e) => onChange(e.target.value || undefined)}
            className="w-full rounded border px-2 py-1.5 text-sm"
          />
          {value && (
            <button type="button" onClick={() => onChange(undefined)} className={smallButton} disabled={readOnly}>
              {t('Clear')}
            </button>
          )}
        </div>
      );
    },
  };
}
