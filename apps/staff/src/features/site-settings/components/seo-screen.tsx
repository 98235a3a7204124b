import type { SeoGroup, SiteSettings } from '@grocer/shared/site-settings';
import { SeoPreview } from '../../../components/seo-preview';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { GroupForm } from './group-form';
import { ImageField } from './image-field';
import { t } from '../../../lib/i18n';

/** SEO: the site's title, description, keywords and share image; sitemap.xml and robots.txt are made from the shop. */
export function SeoScreen({ settings }: { settings: SiteSettings }) {
  return (
    <GroupForm<SeoGroup>
      key={settings.version}
      title={t('SEO')}
      intro={t(
        'What search engines and shared links show for the shop. A page’s own SEO fields, and each product’s, take over on that page.',
      )}
      target="seo"
      value={settings.seo}
      version={settings.version}
      aside={(d) => (
        <SeoPreview
          title={d.og_title}
          description={d.og_description || settings.website.description}
          url={`${location.origin}/`}
          image={d.og_image}
          siteName={settings.website.name}
        />
      )}
    >
      {(d, set, e) => (
        <div className="grid gap-5">
          <Card title={t('The shop in search results')}>
            <div className="grid gap-4">
              <Field
                label={t('Title (og_title)')}
                error={e.og_title}
                hint={t('{ogTitle} characters; about 60 show in a search result', { ogTitle: d.og_title.length })}
              >
                {(a) => <input {...a} className={inputClass} value={d.og_title} onChange={(ev) => set({ og_title: ev.target.value })} />}
              </Field>
              <Field
                label={t('Description (og_description)')}
                error={e.og_description}
                hint={t('{ogDescription} characters; about 160 show', { ogDescription: d.og_description.length })}
              >
                {(a) => (
                  <textarea
                    {...a}
                    rows={3}
                    className={inputClass}
                    value={d.og_description}
                    onChange={(ev) => set({ og_description: ev.target.value })}
                  />
                )}
              </Field>
              <Field label={t('Keywords (meta_keywords)')} error={e.meta_keywords} hint={t('Comma-separated')}>
                {(a) => (
                  <input {...a} className={inputClass} value={d.meta_keywords} onChange={(ev) => set({ meta_keywords: ev.target.value })} />
                )}
              </Field>
              <ImageField
                label={t('Share image')}
                value={d.og_image}
                onChange={(og_image) => set({ og_image })}
                error={e.og_image}
                hint={t('Shown when a link to the shop is shared (1200 × 630 works best).')}
              />
            </div>
          </Card>
          <Card title={t('Sitemap and robots.txt')}>
            <p className="text-sm text-gray-600">
              {t(
                'Made from the shop as it is: the home page, the product list, the categories, every published page and every active product, for whichever address the shop is opened at.',
              )}
            </p>
            <p className="mt-2 flex gap-4 text-sm">
              <a className="font-medium text-teal-800 underline" href="/sitemap.xml" target="_blank" rel="noreferrer">
                {t('Open sitemap.xml')}
              </a>
              <a className="font-medium text-teal-800 underline" href="/robots.txt" target="_blank" rel="noreferrer">
                {t('Open robots.txt')}
              </a>
            </p>
          </Card>
        </div>
      )}
    </GroupForm>
  );
}
