import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { reportError } from '../lib/report-error';
import { paths } from '../lib/paths';
import { t } from '../lib/i18n';

export function NotFound() {
  return (
    <div className="p-8">
      <h1 className="text-2xl font-semibold">{t('Page not found')}</h1>
      <p className="mt-2 text-gray-600">{t('This screen does not exist.')}</p>
      <Link to={paths.dashboard()} className="mt-4 inline-block text-brand underline">
        {t('Go to the dashboard')}
      </Link>
    </div>
  );
}

export function RouteError() {
  const error = useRouteError();
  // a screen that failed to draw or load (not a 4xx answer the router passes on) is a bug to report
  useEffect(() => {
    if (!isRouteErrorResponse(error) || error.status >= 500) reportError(error, { view: 'route error' });
  }, [error]);
  const message = isRouteErrorResponse(error) ? error.statusText : error instanceof Error ? error.message : 'Something went wrong';
  return (
    <div role="alert" className="p-8">
      <h1 className="text-2xl font-semibold">{t('Something went wrong')}</h1>
      <p className="mt-2 text-gray-600">{message}</p>
      <button type="button" onClick={() => location.reload()} className="mt-4 rounded-md border px-4 py-2 hover:bg-gray-50">
        {t('Reload')}
      </button>
    </div>
  );
}
