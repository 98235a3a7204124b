import type { Init } from '@grocer/shared/storefront';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { img } from '@grocer/blocks/image';
import { t } from '../../lib/i18n';

/** Footer of spec §2: logo or footer_name, description, link groups, copyright line. */
export function Footer({ init }: { init: Init }) {
  const name = init.navSetting.footer_name || init.web.name;
  return (
    // Below the fold on every page: the browser styles and lays it out only once it comes near
    // (content-visibility), keeping its usual height meanwhile. A third of the home page's boxes,
    // restyled and laid out again at each step of the first load (issue 20, goal 7).
    <footer className="mt-12 border-t bg-gray-50 text-sm text-gray-700 [contain-intrinsic-size:auto_920px] [content-visibility:auto] md:[contain-intrinsic-size:auto_440px]">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-4">
        <div>
          {init.web.logo ? (
            <img
              src={img(init.web.logo, 'small')}
              alt={name}
              width={48}
              height={48}
              className="mb-2 h-12 w-12 object-contain"
              loading="lazy"
            />
          ) : (
            <p className="mb-2 text-lg font-bold">{name}</p>
          )}
          <p className="font-semibold">{name}</p>
          <p className="mt-2 text-gray-600">{init.web.description}</p>
        </div>
        {init.footers.map((group, i) => (
          <div key={i}>
            <h2 className="mb-3 font-semibold text-gray-900">{group.name}</h2>
            <ul className="space-y-2">
              {group.children.map((c, j) => (
                <li key={j}>
                  <Link to={c.link || c.value || '/'} className="flex items-center gap-2 hover:text-[var(--color-primary)]">
                    {c.show_icon ? <Icon name={c.icon} /> : null}
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-t py-4 text-center text-gray-500">
        {t('© {year} {name}. All Rights Reserved.', { year: new Date().getFullYear(), name: init.web.name })}
      </p>
    </footer>
  );
}
