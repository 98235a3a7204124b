import { useLocation } from 'react-router';
import { ProductCard } from '@grocer/blocks/product-card';
import { ContentPage } from '../../features/content/components/content-page';
import { useInit } from '../../lib/init';
import { useProductControls } from '../product-controls';

/** `/` (centred) and any other path (full width): a content page built from blocks. */
export function Component() {
  const { pathname } = useLocation();
  const init = useInit();
  const controls = useProductControls();
  const page = (
    <ContentPage
      key={pathname}
      url={pathname}
      siteName={init.web.name}
      slots={{ productCard: (p) => <ProductCard product={p} {...controls} /> }}
    />
  );
  // Home sits in the centred container (spec §2 gives it no `full` flag); its blocks bring their own
  // padding, so the container's own is taken back rather than doubled.
  return pathname === '/' ? <div className="-mx-3 -my-4 sm:-mx-4">{page}</div> : page;
}
