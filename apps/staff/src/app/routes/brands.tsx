import { BrandList } from '../../features/taxonomy/components/brand-list';
import { libraryImageField } from './library-image-field';

const LogoField = libraryImageField('Choose the logo', 'brands/amul.png');

export function BrandsRoute() {
  return <BrandList imageField={LogoField} />;
}
