import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { readError } from '../lib/errors';

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : readError(error);
  return (
    <div className="mx-auto max-w-lg p-8 text-center">
      <h1 className="mb-2 text-2xl font-bold">Something went wrong</h1>
      <p className="mb-6 text-gray-600">{message}</p>
      <Link to="/" className="rounded-lg bg-[var(--color-primary)] px-4 py-2 font-medium text-white">
        Back to the shop
      </Link>
    </div>
  );
}
