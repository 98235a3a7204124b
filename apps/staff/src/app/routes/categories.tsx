import { CategoryScreen } from '../../features/taxonomy/components/category-screen';
import { libraryImageField } from './library-image-field';

const AvatarField = libraryImageField('Choose the avatar', 'categories/rice.webp');

export function CategoriesRoute() {
  return <CategoryScreen imageField={AvatarField} />;
}
