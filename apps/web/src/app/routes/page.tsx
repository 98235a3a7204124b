import { useLocation } from 'react-router';
import { ProductCard } from '@grocer/blocks/product-card';
import { ContentPage } from '../../features/content/components/content-page';
import { useInit } from '../../lib/init';
import { useProductControls } from '../product-controls';

/** `/` and any other path: a content page built from blocks. */
export function Component() {
  const { pathname } = useLocation();
  const init = useInit();
  const controls = useProductControls();
  return (
    <ContentPage
      key={pathname}
      url={pathname}
      siteName={init.web.name}
      slots={{ productCard: (p) => <ProductCard product={p} {...controls} /> }}
    />
  );
}
