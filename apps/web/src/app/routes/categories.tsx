import { Link } from 'react-router';
import { useInit } from '../../lib/init';
import { img } from '@grocer/blocks/image';
import { t } from '../../lib/i18n';

/** /categories: the category tree as a page. */
export function Component() {
  const { categories } = useInit();
  return (
    <div>
      <h1 className="mb-4 text-2xl font-bold">{t('Categories')}</h1>
      <div className="space-y-8">
        {categories.map((top) => (
          <section key={top.slug}>
            <h2 className="mb-3 flex items-center justify-between text-lg font-semibold">
              {top.name}
              <Link
                to={`/products?c=${top.slug}`}
                aria-label={t('See all {name}', { name: top.name })}
                className="text-sm font-medium text-[var(--color-primary)]"
              >
                {t('See all')}
              </Link>
            </h2>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
              {top.children.map((c) => (
                <Link
                  key={c.slug}
                  to={`/products?c=${c.slug}`}
                  className="flex flex-col items-center gap-2 rounded-xl border bg-white p-3 text-center text-sm font-medium hover:shadow"
                >
                  <img
                    src={img(c.avatar, 'small')}
                    alt=""
                    width={120}
                    height={120}
                    loading="lazy"
                    className="aspect-square w-24 object-contain"
                  />
                  {c.name}
                </Link>
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
