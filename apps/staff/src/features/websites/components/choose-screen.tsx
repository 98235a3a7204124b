import { imageUrl } from '@grocer/shared/image';
import type { ManageableWebsite } from '@grocer/shared/websites';
import { useState } from 'react';
import { toast } from 'sonner';
import { inputClass } from '../../../components/ui/field';
import { LoadingView } from '../../../components/ui/loading';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useChooseWebsite, useManageable, useWebsiteAdmin } from '../api/websites';
import { t } from '../../../lib/i18n';

/** A superadmin's domains and pause switch for one website, folded under its card. */
function WebsiteSettings({ site }: { site: ManageableWebsite }) {
  const { addDomain, makePrimary, removeDomain, setPaused } = useWebsiteAdmin(site.id);
  const [host, setHost] = useState('');
  const run = async (p: Promise<unknown>, ok: string) => {
    try {
      await p;
      toast.success(ok);
      return true;
    } catch (e) {
      toast.error(errorMessage(e));
      return false;
    }
  };
  return (
    <details className="mt-3 border-t pt-3 text-sm">
      <summary className="cursor-pointer font-medium text-gray-700">{t('Domains and status')}</summary>
      <ul className="mt-2 space-y-1" aria-label={t('Domains of {name}', { name: site.name })}>
        {site.domains.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center gap-2">
            <span className="font-mono">{d.host}</span>
            {d.is_primary ? (
              <span className="rounded bg-teal-50 px-1.5 text-xs font-medium text-brand">{t('Primary')}</span>
            ) : (
              <>
                <button
                  type="button"
                  className="text-brand hover:underline"
                  onClick={() => run(makePrimary.mutateAsync(d.id), `${d.host} is the primary domain`)}
                >
                  {t('Make primary')}
                </button>
                <button
                  type="button"
                  className="text-red-700 hover:underline"
                  onClick={() => run(removeDomain.mutateAsync(d.id), `${d.host} removed`)}
                >
                  {t('Remove')}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <form
        className="mt-2 flex gap-2"
        onSubmit={async (e) => {
          e.preventDefault();
          if (await run(addDomain.mutateAsync(host), `${host} added`)) setHost('');
        }}
      >
        <label className="sr-only" htmlFor={`domain-${site.id}`}>
          {t('New domain for {name}', { name: site.name })}
        </label>
        <input
          id={`domain-${site.id}`}
          value={host}
          onChange={(e) => setHost(e.target.value)}
          placeholder="shop.example.com"
          className={`${inputClass} mt-0`}
        />
        <button
          type="submit"
          disabled={!host || addDomain.isPending}
          className="shrink-0 rounded-md border px-3 py-2 font-medium disabled:opacity-50"
        >
          {t('Add domain')}
        </button>
      </form>
      <button
        type="button"
        className="mt-3 rounded-md border px-3 py-1.5 font-medium"
        onClick={() =>
          run(
            setPaused.mutateAsync(!site.paused),
            site.paused ? `${site.name} is open again` : `${site.name} is paused: its shop shows a closed page`,
          )
        }
      >
        {site.paused ? t('Reopen the shop') : t('Pause the shop')}
      </button>
    </details>
  );
}

/** `/auth/bos/choose`: the websites the person may manage; choosing one makes it the staff session's. */
export function ChooseScreen() {
  const list = useManageable();
  const choose = useChooseWebsite();
  if (list.isPending) return <LoadingView />;
  if (list.isError) return <p role="alert">{errorMessage(list.error)}</p>;
  const { data, can_create } = list.data;
  const pick = async (site: ManageableWebsite) => {
    try {
      await choose.mutateAsync(site.id);
      // a full load: the staff shell carries the managed website
      location.assign(paths.dashboard());
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <div className="mx-auto max-w-5xl">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('Choose a website')}</h1>
          <p className="text-sm text-gray-600">{t('Administration, Website Settings and the POS work on the website you choose.')}</p>
        </div>
        {can_create && (
          <a href={paths.createWebsite()} className="rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white">
            {t('Create a website')}
          </a>
        )}
      </div>
      {data.length === 0 ? (
        <p className="rounded-lg border bg-white p-6 text-gray-700">
          {t('You do not work on any website yet. Ask the shop owner to add you with a role.')}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.map((site) => (
            <li key={site.id} className={`rounded-lg border bg-white p-4 shadow-sm ${site.current ? 'ring-2 ring-teal-600' : ''}`}>
              <div className="flex items-center gap-3">
                {site.logo ? (
                  <img src={imageUrl(site.logo, 'small')} alt="" className="size-12 rounded object-contain" />
                ) : (
                  <span
                    aria-hidden
                    className="flex size-12 items-center justify-center rounded bg-gray-100 text-lg font-semibold text-gray-600"
                  >
                    {site.name.slice(0, 1)}
                  </span>
                )}
                <div className="min-w-0">
                  <h2 className="truncate font-semibold">{site.name}</h2>
                  <p className="truncate font-mono text-xs text-gray-600">{site.domain || t('No domain')}</p>
                </div>
              </div>
              <dl className="mt-3 flex gap-4 text-sm">
                <div>
                  <dt className="text-gray-500">{t('Orders today')}</dt>
                  <dd className="font-semibold">{site.orders_today}</dd>
                </div>
                <div>
                  <dt className="text-gray-500">{t('Shop')}</dt>
                  <dd className={`font-semibold ${site.paused ? 'text-amber-700' : 'text-green-700'}`}>
                    {site.paused ? t('Paused') : t('Open')}
                  </dd>
                </div>
              </dl>
              <button
                type="button"
                onClick={() => pick(site)}
                disabled={choose.isPending}
                className="mt-4 w-full rounded-md bg-brand px-3 py-2 text-sm font-medium text-white disabled:opacity-50"
              >
                {/* the name is in the visible words, so what a screen reader or voice control calls it is what is seen (WCAG 2.5.3) */}
                {site.current ? t('Continue managing {name}', { name: site.name }) : t('Manage {name}', { name: site.name })}
              </button>
              {can_create && <WebsiteSettings site={site} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
