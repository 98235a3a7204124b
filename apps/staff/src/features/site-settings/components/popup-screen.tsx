import type { PopupGroup, SiteSettings } from '@grocer/shared/site-settings';
import { imageUrl } from '@grocer/shared/image';
import { X } from 'lucide-react';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { GroupForm, Toggle } from './group-form';
import { ImageField } from './image-field';
import { t } from '../../../lib/i18n';

type Popup = NonNullable<PopupGroup['popup']>;
const EMPTY: Popup = { image: '', duration: 5, link: null, once: false };

/** Popup (spec §4): an image shown 5 s after load on / and /products, for `duration` seconds; `once` shows each image once. */
export function PopupScreen({ settings }: { settings: SiteSettings }) {
  return (
    <GroupForm<PopupGroup>
      key={settings.version}
      title={t('Popup')}
      intro={t('A promotion shown on the home page and the product list, 5 seconds after the page opens.')}
      target="popup"
      value={{ popup: settings.popup }}
      version={settings.version}
      aside={(d) => <PopupPreview popup={d.popup} />}
    >
      {(d, set, e) => {
        const p = d.popup ?? EMPTY;
        const put = (patch: Partial<Popup>) => set({ popup: { ...p, ...patch } });
        return (
          <Card title={t('Promotion')}>
            <div className="grid gap-4">
              <Toggle
                label={t('Show a popup')}
                checked={d.popup !== null}
                onChange={(on) => set({ popup: on ? (settings.popup ?? EMPTY) : null })}
              />
              {d.popup && (
                <>
                  <ImageField label={t('Image')} value={p.image} onChange={(image) => put({ image })} error={e['popup.image']} />
                  <Field label={t('Shown for (seconds)')} error={e['popup.duration']}>
                    {(a) => (
                      <input
                        {...a}
                        type="number"
                        min={1}
                        max={120}
                        className={inputClass}
                        value={Number.isFinite(p.duration) ? p.duration : ''}
                        onChange={(ev) => put({ duration: ev.target.valueAsNumber })}
                      />
                    )}
                  </Field>
                  <Field
                    label={t('Link (optional)')}
                    error={e['popup.link']}
                    hint={t('A path here (/products?c=staples) or http(s):// or www. for another site')}
                  >
                    {(a) => (
                      <input {...a} className={inputClass} value={p.link ?? ''} onChange={(ev) => put({ link: ev.target.value || null })} />
                    )}
                  </Field>
                  <Toggle
                    label={t('Once per image')}
                    hint={t('A shopper sees each new image once')}
                    checked={p.once}
                    onChange={(once) => put({ once })}
                  />
                </>
              )}
            </div>
          </Card>
        );
      }}
    </GroupForm>
  );
}

function PopupPreview({ popup }: { popup: PopupGroup['popup'] }) {
  return (
    <section aria-label={t('Preview')} className="rounded-lg border bg-white shadow-sm">
      <p className="border-b px-4 py-2 text-xs font-medium uppercase tracking-wide text-gray-500">{t('Preview')}</p>
      <div className="relative flex aspect-[4/3] items-center justify-center bg-gray-800/60 p-6">
        {popup?.image ? (
          <div className="relative max-h-full max-w-full rounded-lg bg-white p-1 shadow-xl">
            <span className="absolute -top-3 -right-3 rounded-full bg-white p-1 shadow">
              <X className="size-4" aria-hidden />
            </span>
            <img src={imageUrl(popup.image, 'medium', '')} alt="" className="max-h-64 rounded" />
          </div>
        ) : (
          <p className="text-sm text-white">{popup ? t('Choose an image') : t('No popup')}</p>
        )}
      </div>
      {popup && (
        <p className="px-4 py-2 text-xs text-gray-600">
          {t('Opens 5 s after load, closes after')} {popup.duration || '?'} {t('s')}
          {popup.link ? t(', links to {link}', { link: popup.link }) : ''}
          {popup.once ? t(', once per image') : ''}.
        </p>
      )}
    </section>
  );
}
