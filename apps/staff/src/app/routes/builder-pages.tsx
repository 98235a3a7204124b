export { PagesList as BuilderPagesRoute } from '../../features/pages/components/pages-list';
