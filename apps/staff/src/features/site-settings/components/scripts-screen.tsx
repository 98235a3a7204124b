import type { ScriptsGroup, SiteSettings } from '@grocer/shared/site-settings';
import { ShieldAlert } from 'lucide-react';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { GroupForm } from './group-form';
import { t } from '../../../lib/i18n';

/** Extra page scripts (spec §3): the owner's HTML for every page's head and body end; the page's CSP allows exactly these scripts. */
export function ScriptsScreen({ settings }: { settings: SiteSettings }) {
  if (!settings.scripts) {
    return (
      <div className="max-w-2xl">
        <h1 className="text-2xl font-semibold">{t('Page scripts')}</h1>
        <p className="mt-4 rounded-md border bg-gray-50 p-4 text-sm text-gray-700">
          {t('Only the store owner can see and change the extra page scripts: they run on every page of the shop.')}
        </p>
      </div>
    );
  }
  return (
    <GroupForm<ScriptsGroup>
      key={settings.version}
      title={t('Page scripts')}
      target="scripts"
      value={settings.scripts}
      version={settings.version}
      intro={
        <div role="note" className="flex gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          <ShieldAlert className="size-5 shrink-0" aria-hidden />
          <span>
            {t('This HTML goes into')} <strong>{t('every page')}</strong>{' '}
            {t(
              'as it is, with your shoppers signed in. A wrong or hostile script can break the shop, read what shoppers type or send them elsewhere. Paste only code from a provider you trust (analytics, chat). Each',
            )}{' '}
            <code>&lt;script src&gt;</code>{' '}
            {t(
              'host and each inline script you save here is allowed by the shop’s Content-Security-Policy; anything those scripts load from further hosts needs its own',
            )}{' '}
            <code>&lt;script src&gt;</code> {t('here.')}
          </span>
        </div>
      }
    >
      {(d, set, e) => (
        <Card title={t('HTML')}>
          <div className="grid gap-4">
            <Field label={t('In the head (before </head>)')} error={e.head}>
              {(a) => (
                <textarea
                  {...a}
                  rows={8}
                  spellCheck={false}
                  className={`${inputClass} font-mono text-xs`}
                  value={d.head}
                  onChange={(ev) => set({ head: ev.target.value })}
                />
              )}
            </Field>
            <Field label={t('At the end of the body (before </body>)')} error={e.body}>
              {(a) => (
                <textarea
                  {...a}
                  rows={8}
                  spellCheck={false}
                  className={`${inputClass} font-mono text-xs`}
                  value={d.body}
                  onChange={(ev) => set({ body: ev.target.value })}
                />
              )}
            </Field>
          </div>
        </Card>
      )}
    </GroupForm>
  );
}
