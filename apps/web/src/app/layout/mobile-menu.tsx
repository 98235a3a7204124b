import type { Init, NavItem } from '@grocer/shared/storefront';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { Drawer } from '../../components/ui/modal';
import { Icon } from '../../components/ui/icon';
import { t } from '../../lib/i18n';
import { LanguageSwitch } from './language-switch';

/**
 * Left slide-out menu (300 px) with collapsible groups; '/categories' opens the category filter.
 * Signed in, it greets the shopper and leads to their account, orders, wishlist and addresses.
 */
export function MobileMenu({
  init,
  open,
  onClose,
  onCategories,
}: {
  init: Init;
  open: boolean;
  onClose: () => void;
  onCategories: () => void;
}) {
  return (
    <Drawer open={open} onClose={onClose} title={init.web.name} side="left" width={300}>
      <nav aria-label={t('Menu')} className="py-2">
        <ul>
          {init.navs.map((item, i) => (
            <li key={i}>
              <MenuEntry item={item} onClose={onClose} onCategories={onCategories} />
            </li>
          ))}
        </ul>
        {init.user && (
          <div className="mt-2 border-t pt-2" data-testid="menu-account">
            <p className="px-4 py-2 text-xs font-semibold tracking-wide text-gray-500 uppercase">
              {t('Hello, {name}', { name: init.user.name.split(' ')[0] })}
            </p>
            <ul>
              {[
                [t('My account'), '/account'],
                [t('My orders'), '/account/orders'],
                [t('Wallet'), '/account/wallet'],
                [t('Subscriptions'), '/account/subscriptions'],
                [t('Wishlist'), '/account/wishlist'],
                [t('Addresses'), '/account/addresses'],
                ...(init.user.isSalesAgent ? [[t('Sales dashboard'), '/account/dashboard']] : []),
                [t('Logout'), '/auth/logout'],
              ].map(([label, to]) => (
                <li key={to}>
                  <Link to={to!} onClick={onClose} className="block px-4 py-3 text-sm font-medium hover:bg-gray-50">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
        {!init.user && init.navSetting.show_login && (
          <Link
            to="/auth/login"
            onClick={onClose}
            className="mx-4 mt-4 block rounded-lg bg-[var(--color-primary)] px-4 py-2 text-center font-medium text-white"
          >
            {t('Login')}
          </Link>
        )}
        <LanguageSwitch languages={init.languages} list />
      </nav>
    </Drawer>
  );
}

function MenuEntry({ item, onClose, onCategories }: { item: NavItem; onClose: () => void; onCategories: () => void }) {
  const label = (
    <span className="flex items-center gap-2">
      {item.show_icon ? <Icon name={item.icon} /> : null}
      {item.name}
    </span>
  );
  const cls = 'flex w-full items-center justify-between px-4 py-3 text-left text-sm font-medium hover:bg-gray-50';
  if (item.value === '/categories') {
    return (
      <button type="button" className={cls} onClick={() => (onClose(), onCategories())}>
        {label}
      </button>
    );
  }
  if (!item.children.length) {
    return (
      <Link to={item.link || item.value || '/'} onClick={onClose} className={cls}>
        {label}
      </Link>
    );
  }
  return (
    <details className="group">
      <summary className={`${cls} cursor-pointer list-none`}>
        {label}
        <ChevronDown size={16} aria-hidden="true" className="transition-transform group-open:rotate-180" />
      </summary>
      <ul className="border-l-2 border-gray-100 pl-3">
        {item.children.map((child, i) => (
          <li key={i}>
            <MenuEntry item={child} onClose={onClose} onCategories={onCategories} />
          </li>
        ))}
      </ul>
    </details>
  );
}
