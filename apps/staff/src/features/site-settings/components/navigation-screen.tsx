import type { NavigationGroup, SiteSettings } from '@grocer/shared/site-settings';
import type { ReactNode } from 'react';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { GroupForm, Toggle } from './group-form';
import { t } from '../../../lib/i18n';

const FILL = { L: '#0f766e', S: '#e5e7eb', P: '#fcd34d', A: '#94a3b8' } as const;

/**
 * header_template slots as the storefront's Navbar places them (apps/web navbar.tsx): logo (L),
 * search (S), pincode (P), account and cart (A), as [slot, x, width, row].
 */
const HEADERS: Record<number, { slots: Array<[keyof typeof FILL, number, number, number]>; name: string }> = {
  1: {
    slots: [
      ['L', 2, 14, 0],
      ['S', 19, 56, 0],
      ['A', 78, 20, 0],
    ],
    name: 'Logo, search, actions',
  },
  2: {
    slots: [
      ['L', 2, 14, 0],
      ['P', 19, 10, 0],
      ['S', 32, 43, 0],
      ['A', 78, 20, 0],
    ],
    name: 'Logo, pincode, search, actions',
  },
  3: {
    slots: [
      ['S', 2, 30, 0],
      ['L', 43, 14, 0],
      ['A', 78, 20, 0],
    ],
    name: 'Search, centred logo, actions',
  },
  4: {
    slots: [
      ['L', 2, 14, 0],
      ['A', 78, 20, 0],
      ['S', 2, 96, 1],
    ],
    name: 'Search on its own row',
  },
};

/** navbar_template: the sub-navbar's alignment (1 start, 2 end, otherwise centred; 4 wider gaps). */
const NAVBARS: Record<number, { justify: 'start' | 'end' | 'middle'; gap: number; name: string }> = {
  1: { justify: 'start', gap: 3, name: 'Menu at the start' },
  2: { justify: 'end', gap: 3, name: 'Menu at the end' },
  3: { justify: 'middle', gap: 3, name: 'Menu centred' },
  4: { justify: 'middle', gap: 8, name: 'Centred, wide spacing' },
  5: { justify: 'middle', gap: 3, name: 'Centred (as 3)' },
};

function HeaderThumb({ t: valueItem }: { t: number }) {
  const { slots } = HEADERS[valueItem]!;
  const twoRows = slots.some((x) => x[3] === 1);
  return (
    <svg viewBox="0 0 100 34" className="w-full rounded border bg-white" aria-hidden>
      {slots.map(([slot, x, w, row]) => (
        <rect key={`${slot}${row}`} x={x} y={twoRows ? 5 + row * 15 : 13} width={w} height={8} rx={2} fill={FILL[slot]} />
      ))}
    </svg>
  );
}

function NavbarThumb({ t: item }: { t: number }) {
  const { justify, gap } = NAVBARS[item]!;
  const items = [14, 12, 16, 10];
  const total = items.reduce((a, b) => a + b, 0) + gap * (items.length - 1);
  let x = justify === 'start' ? 4 : justify === 'end' ? 96 - total : (100 - total) / 2;
  return (
    <svg viewBox="0 0 100 34" className="w-full rounded border bg-white" aria-hidden>
      <rect x={2} y={3} width={96} height={10} rx={2} fill="#f3f4f6" />
      <line x1={0} y1={18} x2={100} y2={18} stroke="#e5e7eb" />
      {items.map((w, i) => {
        const el = <rect key={i} x={x} y={23} width={w} height={5} rx={1.5} fill="#0f766e" />;
        x += w + gap;
        return el;
      })}
    </svg>
  );
}

function Choice({
  name,
  label,
  checked,
  onChange,
  children,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label
      className={`flex cursor-pointer flex-col gap-2 rounded-md border p-2 ${checked ? 'border-teal-700 ring-2 ring-teal-700' : 'hover:bg-gray-50'}`}
    >
      {children}
      <span className="flex items-center gap-2 text-xs font-medium">
        <input type="radio" name={name} checked={checked} onChange={onChange} />
        {label}
      </span>
    </label>
  );
}

const TOGGLES: Array<[keyof NavigationGroup, string, string]> = [
  ['show_logo', 'Logo', 'The logo (or the site name) in the top bar'],
  ['show_search_bar', 'Search bar', 'The search box'],
  ['show_pincode', 'Pincode', 'The delivery pincode button'],
  ['show_cart_icon', 'Cart icon', 'The cart button and its badge'],
  ['show_account', 'Account menu', 'The signed-in shopper’s menu'],
  ['show_login', 'Login link', 'The Login link for signed-out visitors'],
  ['show_register', 'Registration', 'Off: /auth/register is closed and no new accounts can be made'],
];

function NumberField({
  label,
  value,
  onChange,
  error,
  unit,
}: {
  label: string;
  value: number;
  onChange: (n: number) => void;
  error?: string;
  unit: string;
}) {
  return (
    <Field label={`${label} (${unit})`} error={error}>
      {(a) => (
        <input
          {...a}
          type="number"
          className={inputClass}
          value={Number.isFinite(value) ? value : ''}
          onChange={(e) => onChange(e.target.valueAsNumber)}
        />
      )}
    </Field>
  );
}

export function NavigationScreen({ settings }: { settings: SiteSettings }) {
  return (
    <GroupForm<NavigationGroup>
      key={settings.version}
      title={t('Navigation')}
      intro={t("The storefront's top bar and menu bar: their layout, sizes and which parts show.")}
      target="navigation"
      value={settings.navigation}
      version={settings.version}
    >
      {(d, set, e) => (
        <div className="grid gap-5">
          <Card title={t('Header layout')}>
            <fieldset>
              <legend className="sr-only">{t('Header template')}</legend>
              {e.header_template && <p className="mb-2 text-xs text-red-700">{e.header_template}</p>}
              <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
                {[1, 2, 3, 4].map((entry) => (
                  <Choice
                    key={entry}
                    name="header_template"
                    label={`${entry}. ${HEADERS[entry]!.name}`}
                    checked={d.header_template === entry}
                    onChange={() => set({ header_template: entry })}
                  >
                    <HeaderThumb t={entry} />
                  </Choice>
                ))}
              </div>
            </fieldset>
          </Card>
          <Card title={t('Menu bar layout')}>
            <fieldset>
              <legend className="sr-only">{t('Navbar template')}</legend>
              {e.navbar_template && <p className="mb-2 text-xs text-red-700">{e.navbar_template}</p>}
              <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
                {[1, 2, 3, 4, 5].map((one) => (
                  <Choice
                    key={one}
                    name="navbar_template"
                    label={`${one}. ${NAVBARS[one]!.name}`}
                    checked={d.navbar_template === one}
                    onChange={() => set({ navbar_template: one })}
                  >
                    <NavbarThumb t={one} />
                  </Choice>
                ))}
              </div>
            </fieldset>
          </Card>
          <Card title={t('Sizes')}>
            <div className="grid gap-4 md:grid-cols-3">
              <NumberField
                label={t('Navbar height')}
                unit="px"
                value={d.navbar_height}
                error={e.navbar_height}
                onChange={(n) => set({ navbar_height: n })}
              />
              <NumberField
                label={t('Sub-navbar height')}
                unit="px"
                value={d.sub_navbar_height}
                error={e.sub_navbar_height}
                onChange={(n) => set({ sub_navbar_height: n })}
              />
              <NumberField
                label={t('Search width')}
                unit="%"
                value={d.search_setting.width}
                error={e['search_setting.width']}
                onChange={(n) => set({ search_setting: { width: n } })}
              />
              <NumberField
                label={t('Logo height')}
                unit="px"
                value={d.logo_settings.image_height}
                error={e['logo_settings.image_height']}
                onChange={(n) => set({ logo_settings: { ...d.logo_settings, image_height: n } })}
              />
              <NumberField
                label={t('Logo width')}
                unit="px"
                value={d.logo_settings.image_width}
                error={e['logo_settings.image_width']}
                onChange={(n) => set({ logo_settings: { ...d.logo_settings, image_width: n } })}
              />
              <Field label={t('Logo fit')} error={e['logo_settings.image_size']}>
                {(a) => (
                  <select
                    {...a}
                    className={inputClass}
                    value={d.logo_settings.image_size}
                    onChange={(ev) =>
                      set({
                        logo_settings: {
                          ...d.logo_settings,
                          image_size: ev.target.value as NavigationGroup['logo_settings']['image_size'],
                        },
                      })
                    }
                  >
                    <option value="object-contain">{t('Fit inside (contain)')}</option>
                    <option value="object-cover">{t('Fill, cropping (cover)')}</option>
                    <option value="object-fill">{t('Stretch (fill)')}</option>
                    <option value="object-scale-down">{t('Scale down only')}</option>
                  </select>
                )}
              </Field>
              <Field
                label={t('Alignment (nav_alignment)')}
                error={e.nav_alignment}
                hint={t(
                  'Stored for other clients of the API. This storefront aligns the menu bar by the navbar template: 1 start, 2 end, the others centred.',
                )}
              >
                {(a) => (
                  <select
                    {...a}
                    className={inputClass}
                    value={d.nav_alignment}
                    onChange={(ev) => set({ nav_alignment: ev.target.value as NavigationGroup['nav_alignment'] })}
                  >
                    <option value="start">{t('Start')}</option>
                    <option value="center">{t('Centre')}</option>
                    <option value="end">{t('End')}</option>
                  </select>
                )}
              </Field>
              <Field label={t('Footer name')} error={e.footer_name} hint={t('Shown in the footer when there is no logo')}>
                {(a) => (
                  <input {...a} className={inputClass} value={d.footer_name} onChange={(ev) => set({ footer_name: ev.target.value })} />
                )}
              </Field>
            </div>
          </Card>
          <Card title={t('What shows')}>
            <div className="grid gap-2 md:grid-cols-2">
              {TOGGLES.map(([key, label, hint]) => (
                <Toggle
                  key={key}
                  label={label}
                  hint={hint}
                  checked={d[key] as boolean}
                  onChange={(v) => set({ [key]: v } as Partial<NavigationGroup>)}
                />
              ))}
            </div>
          </Card>
        </div>
      )}
    </GroupForm>
  );
}
