import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useEffect } from 'react';
import { readError } from '../lib/errors';
import { reportError } from '../lib/telemetry/report-error';
import { t } from '../lib/i18n';

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  useEffect(() => {
    // a route's own "not found" answer is the shop working; anything else is a bug to see
    if (!isRouteErrorResponse(error) || error.status >= 500) reportError(error, { view: 'route error' });
  }, [error]);
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : readError(error);
  return (
    <div className="mx-auto max-w-lg p-8 text-center">
      <h1 className="mb-2 text-2xl font-bold">{t('Something went wrong')}</h1>
      <p className="mb-6 text-gray-600">{message}</p>
      <Link to="/" className="rounded-lg bg-[var(--color-primary)] px-4 py-2 font-medium text-white">
        {t('Back to the shop')}
      </Link>
    </div>
  );
}
