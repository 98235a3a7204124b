import { BrandList } from '../../features/taxonomy/components/brand-list';

export function BrandsRoute() {
  return <BrandList />;
}
