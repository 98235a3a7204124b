import type EmblaCarousel from 'embla-carousel';
import type { EmblaCarouselType } from 'embla-carousel';
import type Autoplay from 'embla-carousel-autoplay';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Children, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { carouselGate } from './carousel-gate';
import { t } from './words';

export const AUTOPLAY_MS = 2500;

/**
 * Embla and its autoplay (8.6 KB gzip) are a chunk of their own, fetched when the first carousel
 * starts; carousels start only once `carouselGate` has settled (carousel-gate.ts: on the storefront,
 * after the first load), so no page's first load carries them (DESIGN §9).
 */
let library: Promise<[typeof EmblaCarousel, typeof Autoplay]> | undefined;
const loadLibrary = () =>
  (library ??= Promise.all([import('embla-carousel'), import('embla-carousel-autoplay')]).then(([e, a]) => [e.default, a.default]));

/** How many slides a phone (below 768 px) sees: the spec's one, or rails that show there is more. */
const PHONE_BASIS = {
  one: 'basis-full',
  /** product rails: two and a bit cards, the next one peeking */
  cards: 'basis-[42%]',
  /** category and brand tiles: three and a bit */
  tiles: 'basis-[30%]',
} as const;

/**
 * Spec §4/§9 carousel: autoplay every 2.5 s that does not stop on interaction; 1 slide below
 * 768 px, 2 from 768 px, 5 from 1024 px (or 1 everywhere for the hero and banners). Product,
 * category and brand rails on a phone show several slides (`phone`), not one card per screen.
 */
export function Carousel({
  children,
  label,
  single = false,
  phone = 'one',
}: {
  children: ReactNode;
  label: string;
  single?: boolean;
  phone?: keyof typeof PHONE_BASIS;
}) {
  // Embla starts (measuring every slide) once the carousel comes near the screen, each carousel
  // in a task of its own: a home page's half a dozen together were a long task at hydration
  // (issue 20, goal 7). It is started here, not through embla-carousel-react, whose start is an
  // effect: Preact runs the effects of every render of a frame in one task, so carousels coming
  // near together started together again (once Embla's chunk is in, each still waits for a task
  // of its own). Until then the slides sit where Embla puts them at its start, and a tap on an
  // arrow starts it at once (after fetching Embla if no carousel has yet).
  const viewport = useRef<HTMLDivElement>(null);
  const embla = useRef<Promise<EmblaCarouselType | null> | null>(null);
  const begin = useCallback(() => {
    embla.current ??= loadLibrary().then(
      ([startEmbla, autoplay]) =>
        new Promise<EmblaCarouselType | null>((resolve) =>
          setTimeout(() => {
            if (!viewport.current?.isConnected) return resolve(null); // gone meanwhile
            const api = startEmbla(
              viewport.current,
              { loop: true, align: 'start' },
              // A shopper who asked for less motion is not shown slides moving by themselves (WCAG 2.2.2);
              // the arrows and swipes move them as for everyone.
              prefersLessMotion() ? [] : [autoplay({ delay: AUTOPLAY_MS, stopOnInteraction: false, stopOnMouseEnter: false })],
            );
            resolve(api);
          }, 0),
        ),
    );
    return embla.current;
  }, []);
  useEffect(() => {
    let live = true;
    const start = () =>
      void carouselGate().then(() => {
        if (live) void begin();
      });
    const stop = viewport.current ? whenNear(viewport.current, start) : undefined;
    return () => {
      live = false;
      stop?.();
      const api = embla.current;
      embla.current = null;
      void api?.then((a) => a?.destroy());
    };
  }, [begin]);
  const scroll = (to: 'prev' | 'next') =>
    void begin().then((api) => {
      if (to === 'prev') api?.scrollPrev();
      else api?.scrollNext();
    });
  const basis = single ? 'basis-full' : `${PHONE_BASIS[phone]} md:basis-1/2 lg:basis-1/5`;
  return (
    <div className="relative" role="region" aria-roledescription="carousel" aria-label={label}>
      <div className="overflow-hidden" ref={viewport}>
        <div className="-ml-3 flex">
          {Children.map(children, (child, i) => (
            <div className={`min-w-0 shrink-0 grow-0 pl-3 ${basis}`} role="group" aria-roledescription="slide" aria-label={`${i + 1}`}>
              {child}
            </div>
          ))}
        </div>
      </div>
      <button
        type="button"
        onClick={() => scroll('prev')}
        className="absolute top-1/2 left-1 -translate-y-1/2 rounded-full bg-white/90 p-1.5 shadow"
        aria-label={t('Previous slide')}
      >
        <ChevronLeft size={18} aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={() => scroll('next')}
        className="absolute top-1/2 right-1 -translate-y-1/2 rounded-full bg-white/90 p-1.5 shadow"
        aria-label={t('Next slide')}
      >
        <ChevronRight size={18} aria-hidden="true" />
      </button>
    </div>
  );
}

const prefersLessMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Calls `start` in a task of its own once `el` has come within half a screen of the viewport
 * (in the next task where IntersectionObserver is missing). Answers a function that cancels it.
 */
function whenNear(el: Element, start: () => void): () => void {
  let later: ReturnType<typeof setTimeout> | undefined;
  if (typeof IntersectionObserver === 'undefined') {
    later = setTimeout(start, 0);
    return () => clearTimeout(later);
  }
  const seen = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      later = setTimeout(start, 0);
    },
    { rootMargin: '50%' },
  );
  seen.observe(el);
  return () => {
    seen.disconnect();
    clearTimeout(later);
  };
}

/** Placeholder slides when a carousel has no data yet. */
export function PlaceholderSlides({
  count = 5,
  aspect = 'aspect-[4/3]',
  phone = 'one',
}: {
  count?: number;
  aspect?: string;
  phone?: keyof typeof PHONE_BASIS;
}) {
  return (
    <Carousel label={t('Loading')} phone={phone}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`${aspect} animate-pulse rounded-xl bg-gray-100`} aria-hidden="true" />
      ))}
    </Carousel>
  );
}
