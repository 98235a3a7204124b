import { PagesList } from '../../features/pages/components/pages-list';
import { useBoot } from '../boot';

export function BuilderPagesRoute() {
  return <PagesList siteName={useBoot().website.name} />;
}
