import { ErrorsPage } from '../../features/errors/components/errors-page';

export function ErrorsRoute() {
  return <ErrorsPage />;
}
