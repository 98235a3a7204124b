import { ProductListPage } from '../../features/catalogue/components/product-list-page';
import { useInit } from '../../lib/init';
import { useProductControls } from '../product-controls';
import { useUi } from '../ui-state';

export function Component() {
  const init = useInit();
  const ui = useUi();
  const controls = useProductControls();
  return (
    <ProductListPage
      categories={init.categories}
      brands={init.brands}
      onOpenFilters={() => ui.set({ categoryFilterOpen: true })}
      {...controls}
    />
  );
}
