import { lazy } from 'react';
import { AfterMount } from '../../components/ui/after-mount';
import { ProductListPage } from '../../features/catalogue/components/product-list-page';
import { useInit } from '../../lib/init';
import { useProductControls } from '../product-controls';
import { useUi } from '../ui-state';

const CartOffers = lazy(() => import('../../features/cart/components/cart-offers'));

export function Component() {
  const init = useInit();
  const ui = useUi();
  const controls = useProductControls();
  return (
    <ProductListPage
      categories={init.categories}
      brands={init.brands}
      onOpenFilters={() => ui.set({ categoryFilterOpen: true })}
      offers={
        init.web.show_cart && (
          <AfterMount>
            <CartOffers layout="strip" />
          </AfterMount>
        )
      }
      {...controls}
    />
  );
}
