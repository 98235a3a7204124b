import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Later } from '../../../components/ui/later';
import { LoadingView } from '../../../components/ui/loading';
import { ApiError } from '../../../lib/api';
import { readError } from '../../../lib/errors';
import { pageQuery } from '../api/page';
import { Block, type BlockSlots } from '@grocer/blocks/blocks';
import { t } from '../../../lib/i18n';

/** Blocks rendered at once; the rest mount as they come near the viewport (less work before the first paint). */
const EAGER_BLOCKS = 3;

/**
 * Renders its children once they are within 600 px of the viewport, keeping a reserved height
 * until then so nothing below shifts when they appear.
 */
function WhenNear({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '600px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  return near ? <>{children}</> : <div ref={ref} className="min-h-[360px]" aria-hidden="true" />;
}

/** `/` and every other unmatched path: the page's components in order, with its css. */
export function ContentPage({ url, siteName, slots }: { url: string; siteName: string; slots: BlockSlots }) {
  const { data, isPending, error } = useQuery(pageQuery(url));
  useEffect(() => {
    if (data?.seo_title) document.title = data.seo_title;
  }, [data?.seo_title]);
  if (isPending) return <LoadingView />;
  if (error) {
    if (error instanceof ApiError && error.status === 404) return <NotFound siteName={siteName} />;
    return (
      <p role="alert" className="m-4 rounded-lg bg-red-50 p-4 text-red-700">
        {readError(error)}
      </p>
    );
  }
  return (
    // the page's CSS comes scoped to this element by the server (content/page-css.ts)
    <div className="grocer-page">
      {data.css && <style>{data.css}</style>}
      {data.data.map((c, i) =>
        i === 0 ? (
          <Block key={`${c.type}-${i}`} c={c} slots={slots} first />
        ) : i < EAGER_BLOCKS ? (
          // server-rendered, taken over after the first block, one block per task
          <Later key={`${c.type}-${i}`}>
            <Block c={c} slots={slots} first={false} />
          </Later>
        ) : (
          <WhenNear key={`${c.type}-${i}`}>
            <Block c={c} slots={slots} first={false} />
          </WhenNear>
        ),
      )}
    </div>
  );
}

export function NotFound({ siteName }: { siteName: string }) {
  useEffect(() => {
    document.title = t('Page not found | {site}', { site: siteName });
  }, [siteName]);
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      <p className="text-5xl font-extrabold text-[var(--color-primary)]">404</p>
      <h1 className="mt-2 text-2xl font-bold">{t("We couldn't find that page")}</h1>
      <p className="mt-2 text-gray-600">{t('The link may be old or mistyped. Try searching, or start from the home page.')}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/" className="rounded-lg bg-[var(--color-primary)] px-4 py-2 font-medium text-white">
          {t('Home')}
        </Link>
        <Link to="/products" className="rounded-lg border px-4 py-2 font-medium">
          {t('All products')}
        </Link>
      </div>
    </div>
  );
}
