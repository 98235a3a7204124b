import { SuppliersPage } from '../../features/content/components/suppliers-page';
import { useInit } from '../../lib/init';
import { Component as ContentPage } from './page';

/** /suppliers: the suppliers page while the website shows it (spec §3), else any content page there. */
export function Component() {
  const init = useInit();
  return init.web.show_supplier_page ? <SuppliersPage siteName={init.web.name} /> : <ContentPage />;
}
