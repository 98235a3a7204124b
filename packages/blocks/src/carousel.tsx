import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Children, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

export const AUTOPLAY_MS = 2500;

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
  const [emblaRef, embla] = useEmblaCarousel({ loop: true, align: 'start' }, [
    Autoplay({ delay: AUTOPLAY_MS, stopOnInteraction: false, stopOnMouseEnter: false }),
  ]);
  // Embla starts (measuring every slide) once the carousel comes near the screen, each carousel
  // in a task of its own: a home page's half a dozen together were a long task at hydration
  // (issue 20, goal 7). Until then the slides sit where Embla puts them at its start.
  const { watch, near, nearNow } = useNear<HTMLDivElement>();
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      watch(el);
      if (near) emblaRef(el);
    },
    [watch, near, emblaRef],
  );
  // a tap on an arrow before that starts it at once, and is done once it has
  const pending = useRef<'prev' | 'next' | null>(null);
  const scroll = (to: 'prev' | 'next') => {
    if (embla) return to === 'prev' ? embla.scrollPrev() : embla.scrollNext();
    pending.current = to;
    nearNow();
  };
  useEffect(() => {
    if (!embla || !pending.current) return;
    if (pending.current === 'prev') embla.scrollPrev();
    else embla.scrollNext();
    pending.current = null;
  }, [embla]);
  const basis = single ? 'basis-full' : `${PHONE_BASIS[phone]} md:basis-1/2 lg:basis-1/5`;
  return (
    <div className="relative" role="region" aria-roledescription="carousel" aria-label={label}>
      <div className="overflow-hidden" ref={ref}>
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
        aria-label="Previous slide"
      >
        <ChevronLeft size={18} aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={() => scroll('next')}
        className="absolute top-1/2 right-1 -translate-y-1/2 rounded-full bg-white/90 p-1.5 shadow"
        aria-label="Next slide"
      >
        <ChevronRight size={18} aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * Whether the element given to `watch` has come within half a screen of the viewport (then it
 * stays so), told in a task of its own; at once where IntersectionObserver is missing, or when
 * `nearNow` is called.
 */
function useNear<T extends Element>() {
  const [el, watch] = useState<T | null>(null);
  const [near, setNear] = useState(false);
  const nearNow = useCallback(() => setNear(true), []);
  useEffect(() => {
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    let later: ReturnType<typeof setTimeout> | undefined;
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        later = setTimeout(() => setNear(true), 0);
      },
      { rootMargin: '50%' },
    );
    seen.observe(el);
    return () => {
      seen.disconnect();
      clearTimeout(later);
    };
  }, [el, near]);
  return { watch, near, nearNow };
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
    <Carousel label="Loading" phone={phone}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`${aspect} animate-pulse rounded-xl bg-gray-100`} aria-hidden="true" />
      ))}
    </Carousel>
  );
}
