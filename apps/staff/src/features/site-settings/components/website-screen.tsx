import { FONT_FAMILIES, type SiteSettings, type WebsiteGroup } from '@grocer/shared/site-settings';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { useSiteFonts } from '../api';
import { GroupForm, Toggle } from './group-form';
import { ImageField } from './image-field';
import { t } from '../../../lib/i18n';

/** Website: name, logo, favicon, description, the site font (with a preview in each family), supplier page and cart. */
export function WebsiteScreen({ settings }: { settings: SiteSettings }) {
  const fonts = useSiteFonts();
  const faces = (fonts.data?.data ?? []).map((f) => f.css).join('');
  return (
    <GroupForm<WebsiteGroup>
      key={settings.version}
      title={t('Website')}
      intro={t('Who the shop is: its name, logo and description, and the font every page is set in.')}
      target="website"
      value={settings.website}
      version={settings.version}
    >
      {(d, set, e) => (
        <div className="grid gap-5">
          <style>{faces}</style>
          <Card title={t('Identity')}>
            <div className="grid gap-4 md:grid-cols-2">
              <Field label={t('Name')} error={e.name}>
                {(a) => <input {...a} className={inputClass} value={d.name} onChange={(ev) => set({ name: ev.target.value })} />}
              </Field>
              <div />
              <ImageField label={t('Logo')} value={d.logo} onChange={(logo) => set({ logo })} error={e.logo} />
              <ImageField
                label={t('Favicon')}
                value={d.favicon}
                onChange={(favicon) => set({ favicon })}
                error={e.favicon}
                hint={t('A square image, shown in the browser tab.')}
              />
              <Field
                label={t('Description')}
                error={e.description}
                className="md:col-span-2"
                hint={t('Shown in the footer and, without an SEO description, to search engines.')}
              >
                {(a) => (
                  <textarea
                    {...a}
                    rows={3}
                    className={inputClass}
                    value={d.description}
                    onChange={(ev) => set({ description: ev.target.value })}
                  />
                )}
              </Field>
            </div>
          </Card>
          <Card title={t('Font')}>
            <fieldset>
              <legend className="sr-only">{t('Site font')}</legend>
              {e.font_family && <p className="mb-2 text-xs text-red-700">{e.font_family}</p>}
              <div className="grid gap-2 md:grid-cols-2 2xl:grid-cols-3">
                {FONT_FAMILIES.map((f) => (
                  <label
                    key={f}
                    className={`flex cursor-pointer flex-col rounded-md border p-3 ${d.font_family === f ? 'border-teal-700 ring-2 ring-teal-700' : 'hover:bg-gray-50'}`}
                  >
                    <span className="flex items-center gap-2 text-sm font-medium">
                      <input type="radio" name="font" checked={d.font_family === f} onChange={() => set({ font_family: f })} />
                      {f}
                      {f === 'Inter' && <span className="text-xs text-gray-500">{t('(default)')}</span>}
                    </span>
                    <span className="mt-1 truncate text-lg" style={{ fontFamily: `"${f}", Inter, sans-serif` }}>
                      {t('Fresh atta ₹249 · Ghee 1 L')}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          </Card>
          <Card title={t('Shop features')}>
            <div className="grid gap-2 md:grid-cols-2">
              <Toggle
                label={t('Suppliers page')}
                hint={t('/suppliers and its links in the menus')}
                checked={d.show_supplier_page}
                onChange={(v) => set({ show_supplier_page: v })}
              />
              <Toggle
                label={t('Cart')}
                hint={t('The cart button and drawer')}
                checked={d.show_cart}
                onChange={(v) => set({ show_cart: v })}
              />
            </div>
          </Card>
        </div>
      )}
    </GroupForm>
  );
}
