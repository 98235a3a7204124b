import { aspectRatioOf } from '@grocer/shared/hero-aspects';
import type { Banner, BlockOf, BlockType, HeroSettings, HeroSlide, PageComponent, SupplierItem } from '@grocer/shared/blocks';
import type { Product } from '@grocer/shared/catalogue';
import { resolveBannerLink } from '@grocer/shared/links';
import type { CSSProperties, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { img } from './image';
import { sanitizeHtml } from './sanitize';
import { Carousel, PlaceholderSlides } from './carousel';
import { t } from './words';

export interface BlockSlots {
  /** renders a product card (the route composes the catalogue feature's card) */
  productCard: (p: Product) => ReactNode;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto my-8 max-w-7xl px-3 sm:px-4">
      {title && <h2 className="mb-4 text-xl font-bold">{title}</h2>}
      {children}
    </section>
  );
}

type Renderer<T extends BlockType> = (props: { c: BlockOf<T>; slots: BlockSlots; first: boolean }) => ReactNode;

const supplierTiles = (items: SupplierItem[]) => items.map((s, i) => <SupplierTile key={i} {...s} />);
const richText = ({ c }: { c: BlockOf<'rich-text'> | BlockOf<'html'> }) => (
  <Section title="">
    <div className="rich-text" dangerouslySetInnerHTML={{ __html: sanitizeHtml(c.data.html) }} />
  </Section>
);

/**
 * One renderer per block of the shared table (`@grocer/shared/blocks`; a missing one fails the
 * typecheck). Each gets its component already checked by the server: data and settings with
 * their defaults, and the resolved response.
 */
const RENDERERS: { [T in BlockType]: Renderer<T> } = {
  'hero-slider': ({ c, first }) => <HeroSlider slides={c.data.slides} hero={c.settings} first={first} />,
  'product-carousel': ({ c, slots }) => (
    <Section title={c.data.title}>
      {c.response.length ? (
        <Carousel label={c.data.title || t('Products')} phone="cards">
          {c.response.map((p) => (
            <div key={p.product_id}>{slots.productCard(p)}</div>
          ))}
        </Carousel>
      ) : (
        <PlaceholderSlides phone="cards" />
      )}
    </Section>
  ),
  'category-carousel': ({ c }) => (
    <Section title={c.data.title}>
      {c.response.length ? (
        <Carousel label={c.data.title || t('Categories')} phone="tiles">
          {c.response.map((cat) => (
            <Link
              key={cat.slug}
              to={`/products?c=${cat.slug}`}
              className="flex flex-col items-center gap-2 rounded-xl border bg-white p-3 text-center hover:shadow"
            >
              <img
                src={img(cat.avatar, 'small')}
                alt=""
                width={160}
                height={160}
                loading="lazy"
                className="aspect-square w-full max-w-40 object-contain"
              />
              <span className="text-sm font-medium">{cat.name}</span>
            </Link>
          ))}
        </Carousel>
      ) : (
        <PlaceholderSlides aspect="aspect-square" phone="tiles" />
      )}
    </Section>
  ),
  'brand-carousel': ({ c }) => (
    <Section title={c.data.title}>
      {c.response.length ? (
        <Carousel label={c.data.title || t('Brands')} phone="tiles">
          {c.response.map((b) => (
            <Link
              key={b.slug}
              to={`/products?b=${b.slug}`}
              className="flex flex-col items-center gap-2 rounded-xl border bg-white p-3 text-center hover:shadow"
            >
              <img
                src={img(b.logo, 'small')}
                alt=""
                width={120}
                height={120}
                loading="lazy"
                className="aspect-square w-full max-w-28 object-contain"
              />
              <span className="text-sm font-medium">{b.name}</span>
            </Link>
          ))}
        </Carousel>
      ) : (
        <PlaceholderSlides aspect="aspect-square" phone="tiles" />
      )}
    </Section>
  ),
  'supplier-carousel': ({ c }) => (
    <Section title={c.data.title}>
      {c.data.items.length ? (
        <Carousel label={c.data.title || t('Suppliers')}>{supplierTiles(c.data.items)}</Carousel>
      ) : (
        <PlaceholderSlides />
      )}
    </Section>
  ),
  'supplier-tiles': ({ c }) => (
    <Section title={c.data.title}>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">{supplierTiles(c.data.items)}</div>
    </Section>
  ),
  'rich-text': richText,
  html: richText,
  'banner-grid': ({ c }) => (
    <Section title={c.data.title}>
      <div className={`grid gap-3 ${GRID_SM[c.data.columns_sm]} ${GRID_MD[c.data.columns]}`}>
        {c.data.items.map((b, i) => (
          <BannerTile key={i} {...b} />
        ))}
      </div>
    </Section>
  ),
  spacer: ({ c }) => (
    <div
      aria-hidden="true"
      className="h-[var(--space-sm)] md:h-[var(--space)]"
      style={{ '--space': `${c.data.height}px`, '--space-sm': `${c.data.height_sm ?? c.data.height}px` } as CSSProperties}
    />
  ),
};

// Whole class names (Tailwind finds only those written out): columns on a phone, and from 768 px.
const GRID_SM: Record<number, string> = { 1: 'grid-cols-1', 2: 'grid-cols-2' };
const GRID_MD: Record<number, string> = { 1: 'md:grid-cols-1', 2: 'md:grid-cols-2', 3: 'md:grid-cols-3', 4: 'md:grid-cols-4' };

/** A banner of the grid: its phone image below 768 px when it has one, linked by the banner link rule. */
function BannerTile({ image, image_sm, link, alt }: Banner) {
  const body = (
    <picture>
      <source media="(min-width: 768px)" srcSet={img(image, 'large')} />
      <img
        src={img(image_sm || image, 'medium')}
        alt={alt}
        width={800}
        height={400}
        loading="lazy"
        className="h-auto w-full rounded-xl object-cover"
      />
    </picture>
  );
  const target = resolveBannerLink(link);
  if (target.kind === 'internal')
    return (
      <Link to={target.href} className="block">
        {body}
      </Link>
    );
  if (target.kind === 'external')
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" className="block">
        {body}
      </a>
    );
  return <div>{body}</div>;
}

/** Renders one page block with its renderer; a type this build does not know renders nothing (logged). */
export function Block({ c, slots, first }: { c: PageComponent; slots: BlockSlots; first: boolean }) {
  // TypeScript cannot tie the looked-up renderer to c's own type; the table's type guarantees it.
  const Render = RENDERERS[c.type] as Renderer<BlockType> | undefined;
  if (!Render) {
    console.warn(`Unknown page component type: ${c.type}`);
    return null;
  }
  return <Render c={c} slots={slots} first={first} />;
}

/** Spec §2 supplier tile: image, optional title, optional border, links to its link field. */
export function SupplierTile({ image, title, link, border }: SupplierItem) {
  const body = (
    <>
      <img
        src={img(image, 'small')}
        alt={title ?? ''}
        width={240}
        height={240}
        loading="lazy"
        className="aspect-square w-full object-contain"
      />
      {title && <span className="mt-2 block text-center text-sm font-medium">{title}</span>}
    </>
  );
  const cls = `block rounded-xl bg-white p-3 ${border ? 'border' : ''}`;
  const target = resolveBannerLink(link);
  if (target.kind === 'internal')
    return (
      <Link to={target.href} className={cls}>
        {body}
      </Link>
    );
  if (target.kind === 'external')
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" className={cls}>
        {body}
      </a>
    );
  return <div className={cls}>{body}</div>;
}

/** A slide's heading, line and button label over its image: at the foot on a phone, at the left from 768 px, on a shade that keeps them legible. */
function SlideWords({ slide }: { slide: HeroSlide }) {
  return (
    <span className="absolute inset-0 flex flex-col items-start justify-end gap-1 bg-linear-to-t from-black/70 via-black/25 to-transparent p-4 text-left text-white md:justify-center md:bg-linear-to-r md:p-10">
      {slide.heading && <span className="max-w-xl text-xl leading-tight font-bold text-balance md:text-4xl">{slide.heading}</span>}
      {slide.text && <span className="max-w-xl text-sm md:text-lg">{slide.text}</span>}
      {slide.button && (
        <span className="mt-2 inline-block rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-gray-900 md:mt-4 md:px-5 md:py-2 md:text-base">
          {slide.button}
        </span>
      )}
    </span>
  );
}

function HeroSlider({ slides, hero, first }: { slides: HeroSlide[]; hero: HeroSettings; first: boolean }) {
  const navigate = useNavigate();
  // The owner's shape per screen (spec §3 aspect classes) as CSS ratios: one set of classes that
  // reads them, so any ratio works without its class being in the built CSS.
  const sm = aspectRatioOf(hero.aspect.sm) ?? '4/3';
  const md = aspectRatioOf(hero.aspect.md) ?? '8/3';
  const ratios = { '--hero-sm': sm, '--hero-md': md, '--hero-lg': aspectRatioOf(hero.aspect.lg) ?? md } as CSSProperties;
  const aspect = 'aspect-[var(--hero-sm)] md:aspect-[var(--hero-md)] lg:aspect-[var(--hero-lg)]';
  const follow = (link: string) => {
    const t = resolveBannerLink(link);
    if (t.kind === 'internal') navigate(t.href);
    else if (t.kind === 'external') window.open(t.href, '_blank', 'noopener');
    else console.warn(`Invalid banner link ignored: ${link}`);
  };
  if (!slides.length) return <div style={ratios} className={`${aspect} animate-pulse bg-gray-100`} aria-hidden="true" />;
  return (
    <div style={{ ...ratios, backgroundColor: hero.bgcolor }} className={hero.fullpage ? '' : 'mx-auto max-w-7xl px-3 pt-3 sm:px-4'}>
      <Carousel label={t('Offers')} single>
        {slides.map((s, i) => (
          <button
            key={i}
            type="button"
            onClick={() => follow(s.link)}
            className={`relative block w-full overflow-hidden ${hero.fullpage ? '' : 'rounded-xl'} ${aspect}`}
            // named by its words when it has a heading (read in order), else by its image's description
            aria-label={s.heading ? undefined : s.alt || t('Banner {number}', { number: i + 1 })}
          >
            <picture>
              <source media="(min-width: 768px)" srcSet={img(s.image, 'large')} />
              <img
                src={img(s.image_sm || s.image, 'medium')}
                alt={s.heading ? (s.alt ?? '') : ''}
                width={800}
                height={600}
                className="h-full w-full object-cover"
                loading={first && i === 0 ? 'eager' : 'lazy'}
                fetchPriority={first && i === 0 ? 'high' : 'auto'}
              />
            </picture>
            {(s.heading || s.text || s.button) && <SlideWords slide={s} />}
          </button>
        ))}
      </Carousel>
    </div>
  );
}
