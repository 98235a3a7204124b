import { Block } from '@grocer/blocks/blocks';
import { ProductCard } from '@grocer/blocks/product-card';
import { installDomSanitizer } from '@grocer/blocks/sanitize-dom';
import { BLOCK_TYPES, BLOCKS, type BlockType } from '@grocer/shared/blocks';
import type { BuilderComponent, BuilderDocument } from '@grocer/shared/builder-pages';
import type { Product } from '@grocer/shared/catalogue';
import type { Config, Data } from '@puckeditor/core';
import type { CSSProperties, ReactNode } from 'react';
import { ApiError } from '@grocer/shared/api-client';
import { useResolvedBlock } from '../api/resolve-block';
import { blockKeys, fieldsFor, jsonSchemaOf, type ImagePicker } from './block-fields';
import { t } from '../../../lib/i18n';

// The editor previews drafts nobody has sanitised yet: DOMPurify renders their HTML.
installDomSanitizer();

/** A component in the editor: its data and settings flat in Puck's props, plus its spec name. */
type Props = Record<string, unknown> & { id: string; spec_name?: string };

/** 'components.2.data.slides.0.image' → 'slides › 1 › image': a field's place as the owner counts (from 1). */
export const fieldPath = (key: string) =>
  key
    .replace(/^components\.\d+\.(data|settings)\.?/, '')
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : part))
    .join(' › ') || 'block';

const isEmpty = (v: unknown) => v === '' || v === null || v === undefined;

/** Drops the empty values of optional fields (an unset choice, a cleared number), so the block's defaults apply. */
function clean(value: unknown, required: Set<string> = new Set(), schema = {} as ReturnType<typeof jsonSchemaOf>): unknown {
  if (Array.isArray(value)) return value.map((v) => clean(v, new Set(schema.items?.['required' as never] ?? []), schema.items ?? {}));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (isEmpty(v) && !required.has(k)) continue;
      const sub = schema.properties?.[k] ?? {};
      out[k] = clean(v, new Set((sub as { required?: string[] }).required ?? []), sub);
    }
    return out;
  }
  return value;
}

/** Puck's props of one block → the spec §3 component the server checks and stores. */
export function toComponent(type: BlockType, props: Props): BuilderComponent {
  const keys = blockKeys(type);
  const pick = (names: string[], part: 'data' | 'settings') => {
    const schema = jsonSchemaOf(BLOCKS[type][part]);
    return clean(
      Object.fromEntries(names.filter((k) => k in props).map((k) => [k, props[k]])),
      new Set((schema as { required?: string[] }).required ?? []),
      schema,
    );
  };
  return { name: props.spec_name || BLOCKS[type].label, type, data: pick(keys.data, 'data'), settings: pick(keys.settings, 'settings') };
}

/** The stored document → Puck's data (each block's defaults filled so every field has a value). */
export function toPuckData(doc: BuilderDocument): Data {
  return {
    root: { props: { css: doc.css } as Record<string, unknown> },
    content: doc.components.map((c, i) => {
      const type = c.type as BlockType;
      const data = BLOCKS[type].data.safeParse(c.data ?? {});
      const settings = BLOCKS[type].settings.safeParse(c.settings ?? {});
      return {
        type,
        props: {
          ...(settings.success ? settings.data : (c.settings as object)),
          ...(data.success ? data.data : (c.data as object)),
          id: `${type}-${i}-${Math.random().toString(36).slice(2, 8)}`,
          spec_name: c.name,
        },
      };
    }),
  };
}

/** Puck's data → the document the draft call saves. */
export function fromPuckData(data: Data): BuilderDocument {
  return {
    components: data.content.map((item) => toComponent(item.type as BlockType, item.props as Props)),
    css: String((data.root.props as { css?: string } | undefined)?.css ?? ''),
  };
}

/**
 * The storefront's own product card; its Add to Cart and wishlist controls belong to a shopper's
 * session (the storefront's cart and wishlist features hand them in), which a preview has none of.
 */
const slots = { productCard: (p: Product) => <ProductCard product={p} /> };

/** One block in the preview, exactly as the storefront renders it: resolved by the server (a carousel's products) and drawn by the shared renderer. */
function PreviewBlock({ type, props }: { type: BlockType; props: Props }) {
  const resolved = useResolvedBlock(toComponent(type, props));
  if (resolved.error) {
    const fields = resolved.error instanceof ApiError ? resolved.error.fieldErrors : {};
    return (
      <div role="alert" className="m-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <p className="font-medium">{t('{label}: some fields need attention', { label: BLOCKS[type].label })}</p>
        <ul className="mt-1 list-disc pl-5">
          {Object.entries(fields).map(([k, m]) => (
            <li key={k}>
              {fieldPath(k)}: {m.join(', ')}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (!resolved.data) return <div className="m-3 h-40 animate-pulse rounded-lg bg-gray-100" aria-hidden="true" />;
  return <Block c={resolved.data} slots={slots} first={false} />;
}

/**
 * The Puck configuration: every block type of the shared table, its fields generated from its
 * schema, rendered by the storefront's own renderer; the page (root) carries the page CSS and is
 * drawn in the site's theme colours and font.
 */
export function puckConfig(picker: ImagePicker, theme: CSSProperties): Config {
  const components: Config['components'] = {};
  for (const type of BLOCK_TYPES) {
    const data = BLOCKS[type].data.parse({ slides: [], items: [] });
    components[type] = {
      label: BLOCKS[type].label,
      fields: fieldsFor(type, picker),
      defaultProps: { ...BLOCKS[type].settings.parse({}), ...data },
      render: (props) => <PreviewBlock type={type} props={props as Props} />,
    };
  }
  return {
    categories: {
      banners: { title: t('Banners'), components: ['hero-slider', 'banner-grid'] },
      catalogue: { title: t('Catalogue'), components: ['product-carousel', 'category-carousel', 'brand-carousel'] },
      suppliers: { title: t('Suppliers'), components: ['supplier-carousel', 'supplier-tiles'] },
      content: { title: t('Content'), components: ['rich-text', 'html', 'spacer'] },
    },
    components,
    root: {
      fields: { css: { type: 'textarea', label: t('Page CSS (applies inside this page only)') } },
      // The page CSS as typed, live: the preview frame holds the page's content only (shoppers get it scoped to it by the server).
      render: ({ children, css }: { children: ReactNode; css?: string }) => (
        <div className="grocer-page min-h-screen bg-white text-gray-900" style={{ ...theme, fontFamily: 'var(--font-site)' }}>
          {css && <style>{css}</style>}
          {children}
        </div>
      ),
    },
  };
}
