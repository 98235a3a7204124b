import type { SeoGroup, SiteSettings } from '@grocer/shared/site-settings';
import { SeoPreview } from '../../../components/seo-preview';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { GroupForm } from './group-form';
import { ImageField } from './image-field';

/** SEO: the site's title, description, keywords and share image; sitemap.xml and robots.txt are made from the shop. */
export function SeoScreen({ settings }: { settings: SiteSettings }) {
  return (
    <GroupForm<SeoGroup>
      key={settings.version}
      title="SEO"
      intro="What search engines and shared links show for the shop. A page’s own SEO fields, and each product’s, take over on that page."
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
          <Card title="The shop in search results">
            <div className="grid gap-4">
              <Field label="Title (og_title)" error={e.og_title} hint={`${d.og_title.length} characters; about 60 show in a search result`}>
                {(a) => <input {...a} className={inputClass} value={d.og_title} onChange={(ev) => set({ og_title: ev.target.value })} />}
              </Field>
              <Field
                label="Description (og_description)"
                error={e.og_description}
                hint={`${d.og_description.length} characters; about 160 show`}
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
              <Field label="Keywords (meta_keywords)" error={e.meta_keywords} hint="Comma-separated">
                {(a) => (
                  <input {...a} className={inputClass} value={d.meta_keywords} onChange={(ev) => set({ meta_keywords: ev.target.value })} />
                )}
              </Field>
              <ImageField
                label="Share image"
                value={d.og_image}
                onChange={(og_image) => set({ og_image })}
                error={e.og_image}
                hint="Shown when a link to the shop is shared (1200 × 630 works best)."
              />
            </div>
          </Card>
          <Card title="Sitemap and robots.txt">
            <p className="text-sm text-gray-600">
              Made from the shop as it is: the home page, the product list, the categories, every published page and every active product,
              for whichever address the shop is opened at.
            </p>
            <p className="mt-2 flex gap-4 text-sm">
              <a className="font-medium text-teal-800 underline" href="/sitemap.xml" target="_blank" rel="noreferrer">
                Open sitemap.xml
              </a>
              <a className="font-medium text-teal-800 underline" href="/robots.txt" target="_blank" rel="noreferrer">
                Open robots.txt
              </a>
            </p>
          </Card>
        </div>
      )}
    </GroupForm>
  );
}
