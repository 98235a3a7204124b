import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { LoadingView } from '../../../components/ui/loading';
import { ApiError } from '../../../lib/api';
import { readError } from '../../../lib/errors';
import { pageQuery } from '../api/page';
import { Block, type BlockSlots } from './blocks';

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
    <div>
      {data.css && <style>{data.css}</style>}
      {data.data.map((c, i) => (
        <Block key={`${c.type}-${i}`} c={c} slots={slots} first={i === 0} />
      ))}
    </div>
  );
}

export function NotFound({ siteName }: { siteName: string }) {
  useEffect(() => {
    document.title = `Page not found | ${siteName}`;
  }, [siteName]);
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      <p className="text-5xl font-extrabold text-[var(--color-primary)]">404</p>
      <h1 className="mt-2 text-2xl font-bold">We couldn't find that page</h1>
      <p className="mt-2 text-gray-600">The link may be old or mistyped. Try searching, or start from the home page.</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/" className="rounded-lg bg-[var(--color-primary)] px-4 py-2 font-medium text-white">
          Home
        </Link>
        <Link to="/products" className="rounded-lg border px-4 py-2 font-medium">
          All products
        </Link>
      </div>
    </div>
  );
}
