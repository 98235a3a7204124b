import { contrastRatio, type SiteSettings, type ThemeGroup } from '@grocer/shared/site-settings';
import { themeCss, themeVariables } from '@grocer/shared/theme';
import { useEffect, useRef } from 'react';
import { Plus, Trash2, TriangleAlert } from 'lucide-react';
import { Card, inputClass } from '../../../components/ui/field';
import { GroupForm } from './group-form';
import { t } from '../../../lib/i18n';

/** Ready palettes (each passes AA for white text on primary and primary text on white). */
const PALETTES: Array<{ name: string; colours: Record<string, string> }> = [
  {
    name: 'Teal market',
    colours: {
      primary: '#0f766e',
      'primary-foreground': '#ffffff',
      secondary: '#f59e0b',
      accent: '#be123c',
      background: '#ffffff',
      foreground: '#111827',
      muted: '#f3f4f6',
    },
  },
  {
    name: 'Fresh green',
    colours: {
      primary: '#15803d',
      'primary-foreground': '#ffffff',
      secondary: '#ca8a04',
      accent: '#c2410c',
      background: '#ffffff',
      foreground: '#14532d',
      muted: '#f0fdf4',
    },
  },
  {
    name: 'Saffron',
    colours: {
      primary: '#c2410c',
      'primary-foreground': '#ffffff',
      secondary: '#15803d',
      accent: '#7c2d12',
      background: '#ffffff',
      foreground: '#1c1917',
      muted: '#fff7ed',
    },
  },
  {
    name: 'Indigo night',
    colours: {
      primary: '#4338ca',
      'primary-foreground': '#ffffff',
      secondary: '#0891b2',
      accent: '#db2777',
      background: '#ffffff',
      foreground: '#1e1b4b',
      muted: '#eef2ff',
    },
  },
  {
    name: 'Berry',
    colours: {
      primary: '#9d174d',
      'primary-foreground': '#ffffff',
      secondary: '#65a30d',
      accent: '#7e22ce',
      background: '#ffffff',
      foreground: '#18181b',
      muted: '#fdf2f8',
    },
  },
];

const AA = 4.5;

/** Where the storefront puts text on a colour, and the pairs the map itself names (x on x-foreground). */
function contrastProblems(colours: Record<string, string>): string[] {
  const out: string[] = [];
  const check = (what: string, a: string | undefined, b: string | undefined) => {
    if (!a || !b) return;
    const r = contrastRatio(a, b);
    if (r !== null && r < AA) out.push(`${what}: contrast ${r.toFixed(2)}:1, below the 4.5:1 of WCAG AA`);
  };
  check('White text on primary (buttons, the cart badge)', '#ffffff', colours.primary);
  check('Primary text on white (links, prices)', colours.primary, '#ffffff');
  for (const [name, colour] of Object.entries(colours)) {
    if (name.endsWith('-foreground')) check(`${name} on ${name.slice(0, -11)}`, colour, colours[name.slice(0, -11)]);
  }
  check('foreground on background', colours.foreground, colours.background);
  return out;
}

const asHex = (c: string) =>
  /^#[0-9a-f]{6}$/i.test(c) ? c : /^#[0-9a-f]{3}$/i.test(c) ? `#${[...c.slice(1)].map((x) => x + x).join('')}` : '#000000';

export function ThemeScreen({ settings }: { settings: SiteSettings }) {
  return (
    <GroupForm<ThemeGroup>
      key={settings.version}
      title={t('Theme')}
      intro={t("The shop's colours by name. The storefront applies each as a colour variable: primary colours buttons, links and prices.")}
      target="theme"
      value={settings.theme}
      version={settings.version}
      aside={(d) => (
        <div className="grid gap-4">
          <ThemePreview colours={d.activetheme} />
          <StorefrontPreview colours={d.activetheme} font={settings.website.font_family} />
        </div>
      )}
    >
      {(d, set, e) => {
        const entries = Object.entries(d.activetheme);
        const put = (list: Array<[string, string]>) => set({ activetheme: Object.fromEntries(list) });
        const problems = contrastProblems(d.activetheme);
        return (
          <div className="grid gap-5">
            <Card title={t('Ready palettes')}>
              <div className="flex flex-wrap gap-2">
                {PALETTES.map((p) => (
                  <button
                    key={p.name}
                    type="button"
                    onClick={() => set({ activetheme: { ...d.activetheme, ...p.colours } })}
                    className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm hover:bg-gray-50"
                  >
                    <span className="flex">
                      {['primary', 'secondary', 'accent', 'muted'].map((k) => (
                        <span key={k} className="size-4 rounded-full border border-white" style={{ background: p.colours[k] }} />
                      ))}
                    </span>
                    {p.name}
                  </button>
                ))}
              </div>
            </Card>
            <Card title={t('Colours')}>
              {problems.length > 0 && (
                <div role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                  <p className="flex items-center gap-2 font-medium">
                    <TriangleAlert className="size-4" aria-hidden /> {t('Hard to read for some shoppers')}
                  </p>
                  <ul className="mt-1 list-disc pl-6">
                    {problems.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                </div>
              )}
              <ul className="grid gap-2">
                {entries.map(([name, colour], i) => {
                  const err = e[`activetheme.${name}`];
                  return (
                    <li key={i} className="grid grid-cols-[1fr_3rem_1fr_auto] items-start gap-2">
                      <input
                        aria-label={t('Colour name {value}', { value: i + 1 })}
                        className={inputClass + ' mt-0'}
                        value={name}
                        onChange={(ev) => put(entries.map((x, j) => (j === i ? [ev.target.value, x[1]] : x)))}
                      />
                      <input
                        type="color"
                        aria-label={t('Pick {name}', { name })}
                        className="mt-1 h-9 w-12 cursor-pointer rounded border"
                        value={asHex(colour)}
                        onChange={(ev) => put(entries.map((x, j) => (j === i ? [x[0], ev.target.value] : x)))}
                      />
                      <div>
                        <input
                          aria-label={t('{name} colour', { name })}
                          aria-invalid={!!err}
                          className={inputClass}
                          value={colour}
                          onChange={(ev) => put(entries.map((x, j) => (j === i ? [x[0], ev.target.value] : x)))}
                        />
                        {err && <p className="mt-1 text-xs text-red-700">{err}</p>}
                      </div>
                      <button
                        type="button"
                        aria-label={t('Remove {name}', { name })}
                        onClick={() => put(entries.filter((_, j) => j !== i))}
                        className="mt-1 rounded p-2 text-gray-500 hover:bg-gray-100"
                      >
                        <Trash2 className="size-4" aria-hidden />
                      </button>
                    </li>
                  );
                })}
              </ul>
              {e.activetheme && <p className="mt-2 text-xs text-red-700">{e.activetheme}</p>}
              <button
                type="button"
                onClick={() => put([...entries, [`colour-${entries.length + 1}`, '#000000']])}
                className="mt-3 flex items-center gap-1 rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-gray-50"
              >
                <Plus className="size-4" aria-hidden /> {t('Add a colour')}
              </button>
            </Card>
          </div>
        );
      }}
    </GroupForm>
  );
}

/** A small storefront drawn in the draft colours: the top bar, a product card, a button, a link. */
function ThemePreview({ colours }: { colours: Record<string, string> }) {
  const primary = colours.primary ?? '#0f766e';
  const onPrimary = colours['primary-foreground'] ?? '#ffffff';
  return (
    <section
      aria-label={t('Preview')}
      className="rounded-lg border bg-white shadow-sm"
      style={{ background: colours.background, color: colours.foreground }}
    >
      <p className="border-b px-4 py-2 text-xs font-medium uppercase tracking-wide text-gray-500">{t('Live preview')}</p>
      <div className="flex items-center justify-between px-4 py-3" style={{ background: primary, color: onPrimary }}>
        <span className="font-semibold">{t('Your Shop')}</span>
        <span className="rounded-full px-2 py-0.5 text-xs font-semibold" style={{ background: onPrimary, color: primary }}>
          {t('Cart 3')}
        </span>
      </div>
      <div className="px-4 py-2 text-sm" style={{ background: colours.muted }}>
        {t('Fresh · Staples ·')} <span style={{ color: colours.accent }}>{t('Offers')}</span>
      </div>
      <div className="grid grid-cols-2 gap-3 p-4">
        {['Basmati Rice 5 kg', 'Toor Dal 1 kg'].map((n, i) => (
          <div key={n} className="rounded-md border p-2">
            <div className="mb-2 aspect-[4/3] rounded" style={{ background: colours.muted ?? '#f3f4f6' }} />
            <p className="text-sm font-medium">{n}</p>
            <p className="text-sm">
              <span className="font-semibold" style={{ color: primary }}>
                ₹{i ? 189 : 549}
              </span>{' '}
              <s className="text-xs text-gray-500">₹{i ? 210 : 620}</s>
            </p>
            <span className="mt-2 block rounded py-1 text-center text-xs font-semibold" style={{ background: primary, color: '#ffffff' }}>
              {t('Add to Cart')}
            </span>
          </div>
        ))}
      </div>
      <p className="px-4 pb-4 text-sm">
        <span style={{ color: primary }} className="font-medium underline">
          {t('View all products')}
        </span>{' '}
        <span
          className="rounded px-1.5 py-0.5 text-xs"
          style={{ background: colours.secondary, color: colours['secondary-foreground'] ?? '#111827' }}
        >
          {t('Bestseller')}
        </span>
      </p>
    </section>
  );
}

/**
 * The shop's own home page in a frame, in the draft colours: the same variables the server writes
 * (themeVariables), set above the page's own with !important, updated as the owner edits.
 */
function StorefrontPreview({ colours, font }: { colours: Record<string, string>; font: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const css = themeCss(themeVariables(colours, font).map(([k, v]) => [k, `${v} !important`]));
  const apply = () => {
    const doc = frame.current?.contentDocument;
    if (!doc?.head) return;
    let style = doc.getElementById('draft-theme');
    if (!style) {
      style = doc.createElement('style');
      style.id = 'draft-theme';
      doc.head.append(style);
    }
    style.textContent = css;
  };
  useEffect(apply);
  const scale = 0.328;
  return (
    <section aria-label={t('Storefront preview')} className="rounded-lg border bg-white shadow-sm">
      <p className="border-b px-4 py-2 text-xs font-medium uppercase tracking-wide text-gray-500">
        {t('Your storefront, in these colours')}
      </p>
      <div className="relative h-[300px] overflow-hidden">
        <iframe
          ref={frame}
          src="/"
          title={t('Storefront in the draft colours')}
          tabIndex={-1}
          onLoad={apply}
          className="pointer-events-none absolute top-0 left-0 origin-top-left border-0"
          style={{ width: 1280, height: 300 / scale, transform: `scale(${scale})` }}
        />
      </div>
    </section>
  );
}
