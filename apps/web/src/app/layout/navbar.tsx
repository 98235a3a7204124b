import type { Init, NavItem } from '@grocer/shared/storefront';
import { ChevronDown, MapPin, Menu, Search, ShoppingCart, User } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { Later } from '../../components/ui/later';
import { Popper } from '../../components/ui/popper';
import { img } from '@grocer/blocks/image';
import { DeliveryPromiseLine } from '../../components/delivery-promise';
import { rememberSearch } from '../../features/search/recent';
import { keepWords, keptWords, onWords } from '../../features/search/search-words';
import { t } from '../../lib/i18n';
import { withLater } from '../../locales/load';
import { LanguageSwitch } from './language-switch';

// The suggestions list loads when a search box is first focused: the first load does not carry it.
const SearchSuggestions = lazy(() => withLater(import('../../features/search/search-suggestions')));

interface Handlers {
  onMenu: () => void;
  onCart: () => void;
  onPincode: () => void;
  /** what the cart holds now (the cart feature's optimistic count, not the inlined init cart) */
  cartQuantity: number;
}

/**
 * Top bar of spec §2. header_template places the slots:
 * 1 logo · search · (pincode, account, cart)   2 logo · pincode · search · (account, cart)
 * 3 search · logo (centred) · actions           4 logo · actions, search on its own row below
 */
export function Navbar({ init, showSubNavbar, ...h }: { init: Init; showSubNavbar: boolean } & Handlers) {
  const s = init.navSetting;
  const logo = s.show_logo ? <Logo init={init} /> : <span />;
  // The search page (a search's results) focuses its field after 300 ms to refine the words (spec §9).
  const { pathname, search: query } = useLocation();
  const searchPage = pathname === '/products' && new URLSearchParams(query).has('q');
  const search = s.show_search_bar ? <SearchBox width={s.search_setting.width} autoFocus={searchPage} /> : null;
  const pincode = s.show_pincode ? (
    <button
      type="button"
      onClick={h.onPincode}
      className="flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md px-2 py-1 text-sm hover:bg-gray-100"
      aria-label={init.pincode ? t('Delivering to {pincode}, change location', { pincode: init.pincode }) : t('Set delivery pincode')}
    >
      <MapPin size={18} aria-hidden="true" />
      {/* where the shop delivers is shown on phones too, once known */}
      {init.pincode ? (
        <span className="text-xs font-medium sm:text-sm" data-testid="header-pincode">
          {init.pincode}
        </span>
      ) : (
        <span className="hidden sm:inline">{t('Pincode')}</span>
      )}
    </button>
  ) : null;
  // the earliest delivery beside the pincode, where a wide header has room for it
  const pincodeWithPromise = pincode && (
    <div className="flex items-center">
      {pincode}
      <DeliveryPromiseLine slot={init.earliest_slot} pincode={init.pincode} className="hidden text-xs text-gray-600 xl:flex" />
    </div>
  );
  const cart =
    s.show_cart_icon && init.web.show_cart ? (
      <button
        type="button"
        onClick={h.onCart}
        className="relative flex min-h-11 min-w-11 items-center justify-center rounded-md p-2 hover:bg-gray-100"
        aria-label={t('Cart, {count, plural, one {# item} other {# items}}', { count: h.cartQuantity })}
      >
        <ShoppingCart size={22} aria-hidden="true" />
        {h.cartQuantity > 0 && (
          <span
            data-testid="cart-badge"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-[var(--color-accent,#be123c)] px-1 text-center text-xs leading-5 font-semibold text-white"
          >
            {h.cartQuantity}
          </span>
        )}
      </button>
    ) : null;
  const account = s.show_account ? <AccountMenu init={init} /> : null;
  const menuButton = (
    <button
      type="button"
      onClick={h.onMenu}
      className="flex min-h-11 min-w-11 items-center justify-center rounded-md p-2 hover:bg-gray-100 lg:hidden"
      aria-label={t('Open menu')}
    >
      <Menu size={22} aria-hidden="true" />
    </button>
  );
  const languages = <LanguageSwitch languages={init.languages} />;
  const actions = (
    <div className="flex items-center gap-1">
      {languages}
      {pincodeWithPromise}
      {account}
      {cart}
    </div>
  );
  const template = s.header_template;
  return (
    <header className="sticky top-0 z-40 border-b bg-white">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-3" style={{ height: s.navbar_height }}>
        {menuButton}
        {template === 3 ? (
          <>
            <div className="hidden flex-1 md:block">{search}</div>
            <div className="flex flex-1 justify-center">{logo}</div>
            <div className="flex flex-1 justify-end">{actions}</div>
          </>
        ) : template === 2 ? (
          <>
            {logo}
            {pincodeWithPromise}
            <div className="hidden flex-1 md:block">{search}</div>
            <div className="ml-auto flex items-center gap-1">
              {languages}
              {account}
              {cart}
            </div>
          </>
        ) : template === 4 ? (
          <>
            {logo}
            <div className="ml-auto">{actions}</div>
          </>
        ) : (
          <>
            {logo}
            <div className="hidden flex-1 md:block">{search}</div>
            <div className="ml-auto">{actions}</div>
          </>
        )}
      </div>
      {search && <div className={`px-3 pb-2 ${template === 4 ? 'mx-auto max-w-7xl' : 'md:hidden'}`}>{search}</div>}
      {showSubNavbar && (
        <Later>
          <SubNavbar items={init.navs} template={s.navbar_template} height={s.sub_navbar_height} />
        </Later>
      )}
    </header>
  );
}

function Logo({ init }: { init: Init }) {
  const ls = init.navSetting.logo_settings;
  return (
    <Link
      to="/"
      className="flex shrink-0 items-center gap-2 font-bold text-[var(--color-primary)]"
      aria-label={t('{name} home', { name: init.web.name })}
    >
      {init.web.logo ? (
        <img
          src={img(init.web.logo, 'small')}
          alt=""
          width={ls.image_width}
          height={ls.image_height}
          className={ls.image_size}
          style={{ width: ls.image_width, height: ls.image_height }}
        />
      ) : null}
      <span className="hidden text-lg sm:inline">{init.web.name}</span>
    </Link>
  );
}

/**
 * The header's search box. On a search's results page it shows that search's words (back and
 * forward too); on any other page it keeps the words last searched or typed until the shopper
 * clears them (`search-words.ts`).
 */
export function SearchBox({ width = 100, autoFocus = false }: { width?: number; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const urlWords = pathname === '/products' ? new URLSearchParams(search).get('q') : null;
  // first render as the server rendered it (the URL's words), then the kept words
  const [text, setText] = useState(() => urlWords ?? '');
  const ref = useRef<HTMLInputElement>(null);
  const mounted = useRef(false);
  const listId = useId();
  // focused once: the suggestions are loaded and kept; open: they are shown
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | undefined>();
  useEffect(() => onWords(setText), []);
  useEffect(() => {
    // Words typed into the server-rendered box before the app took it over are kept, not reset.
    const typed = mounted.current ? '' : ref.current?.value;
    mounted.current = true;
    keepWords(typed || (urlWords ?? keptWords()));
  }, [urlWords]);
  useEffect(() => {
    if (!autoFocus) return;
    const t = setTimeout(() => ref.current?.focus(), 300); // spec §9: search field autofocus 300 ms
    return () => clearTimeout(t);
  }, [autoFocus]);
  const go = useCallback(
    (to: string) => {
      setOpen(false);
      const q = new URL(to, 'http://x').searchParams.get('q');
      if (q) {
        rememberSearch(q);
        keepWords(q);
      }
      ref.current?.blur();
      navigate(to);
    },
    [navigate],
  );
  const close = useCallback(() => setOpen(false), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    go(q ? `/products?q=${encodeURIComponent(q)}` : '/products');
  };
  return (
    // action and name: a search submitted before the scripts arrive still lands on /products?q=
    <form role="search" action="/products" method="get" onSubmit={submit} className="relative" style={{ width: `${width}%` }}>
      {/* aria-label, not a label with an id: the bar can hold two search boxes (wide and narrow). */}
      <input
        ref={ref}
        aria-label={t('Search products')}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        autoComplete="off"
        value={text}
        onChange={(e) => {
          keepWords(e.target.value);
          setOpen(true);
        }}
        // Focus alone (the search page focuses its box) loads the list; a tap, a key or typing opens it.
        onFocus={() => setUsed(true)}
        onClick={() => setOpen(true)}
        onKeyDown={(e) => e.key === 'ArrowDown' && setOpen(true)}
        onBlur={close}
        placeholder={t('Search')}
        className="h-10 w-full rounded-lg border border-gray-300 bg-gray-50 pr-10 pl-3 text-sm outline-none focus:border-[var(--color-primary)] focus:bg-white"
      />
      <button
        type="submit"
        className="absolute top-0 right-0 flex h-10 w-10 items-center justify-center text-gray-500"
        aria-label={t('Search')}
      >
        <Search size={18} aria-hidden="true" />
      </button>
      {used && (
        <Suspense fallback={null}>
          <SearchSuggestions input={ref} listId={listId} text={text} open={open} onClose={close} onActive={setActiveId} onPick={go} />
        </Suspense>
      )}
    </form>
  );
}

function AccountMenu({ init }: { init: Init }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && setOpen(false);
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);
  const user = init.user;
  if (!user) {
    if (!init.navSetting.show_login) return null;
    return (
      <Link to="/auth/login" className="flex min-h-11 items-center gap-1 rounded-md px-2 py-1 text-sm font-medium hover:bg-gray-100">
        <User size={18} aria-hidden="true" />
        {t('Login')}
      </Link>
    );
  }
  const item = 'block px-4 py-2 text-sm hover:bg-gray-100';
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-haspopup="menu"
        className="flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md px-2 py-1 text-sm font-medium hover:bg-gray-100"
      >
        <User size={18} aria-hidden="true" />
        {/* the name is the button's name on a phone too, where it is not drawn */}
        <span className="sr-only max-w-32 truncate sm:not-sr-only">{user.name}</span>
        <ChevronDown size={14} aria-hidden="true" />
      </button>
      <Popper open={open} placement="bottom-end">
        <div role="menu" className="w-52 rounded-lg border bg-white py-1 shadow-lg" onClick={() => setOpen(false)}>
          <Link role="menuitem" className={item} to="/account">
            {t('Account')}
          </Link>
          <Link role="menuitem" className={item} to="/account/orders">
            {t('Orders')}
          </Link>
          <Link role="menuitem" className={item} to="/account/wallet">
            {t('Wallet')}
          </Link>
          <Link role="menuitem" className={item} to="/account/subscriptions">
            {t('Subscriptions')}
          </Link>
          <Link role="menuitem" className={item} to="/account/addresses">
            {t('Addresses')}
          </Link>
          {user.isSalesAgent && (
            <Link role="menuitem" className={item} to="/account/dashboard">
              {t('Sales dashboard')}
            </Link>
          )}
          {user.hasAdminAccess && (
            <>
              <a role="menuitem" className={item} href="/bos/admin" target="_blank" rel="noopener" data-link>
                Administration
              </a>
              <a role="menuitem" className={item} href="/page-builder" target="_blank" rel="noopener" data-link>
                Website Settings
              </a>
              <a role="menuitem" className={item} href="/pos" target="_blank" rel="noopener" data-link>
                POS
              </a>
            </>
          )}
          {user.superadmin && (
            <Link role="menuitem" className={item} to="/auth/bos/choose">
              {t('Switch Website')}
            </Link>
          )}
          <Link role="menuitem" className={item} to="/auth/logout">
            {t('Logout')}
          </Link>
        </div>
      </Popper>
    </div>
  );
}

/**
 * Sub-navbar (desktop). navbar_template (spec §2): 1 start, 2 end, otherwise centred (4 with
 * wider gaps).
 */
export function SubNavbar({ items, template, height }: { items: NavItem[]; template: number; height: number }) {
  const justify = template === 1 ? 'justify-start' : template === 2 ? 'justify-end' : 'justify-center';
  const gap = template === 4 ? 'gap-6' : 'gap-1';
  return (
    <nav aria-label={t('Main')} className="hidden border-t lg:block">
      <ul className={`mx-auto flex max-w-7xl items-center px-3 ${justify} ${gap}`} style={{ height }}>
        {items.map((item, i) => (
          <li key={i} className="relative">
            <NavEntry item={item} depth={0} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A bar item with an image shows the image instead of its text (spec §2: a logo, say). Inside a
 * dropdown the image is a thumbnail beside the name: a category's 28 px avatar alone says nothing.
 */
function NavLabel({ item, depth }: { item: NavItem; depth: number }) {
  if (item.image && depth > 0) {
    return (
      <span className="flex items-center gap-2">
        <img src={img(item.image, 'small')} alt="" width={28} height={28} className="h-7 w-7 rounded object-contain" />
        {item.name}
      </span>
    );
  }
  return item.image ? (
    <img src={img(item.image, 'small')} alt={item.name} className="h-7 w-auto" />
  ) : (
    <span className="flex items-center gap-1">
      {item.show_icon ? <Icon name={item.icon} /> : null}
      {item.name}
    </span>
  );
}

function NavEntry({ item, depth }: { item: NavItem; depth: number }): ReactNode {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const link = item.link || item.value || '#';
  const base =
    depth === 0
      ? 'flex items-center gap-1 rounded-md px-3 py-1.5 text-sm font-medium hover:bg-gray-100'
      : 'flex w-full items-center justify-between gap-2 px-4 py-2 text-sm hover:bg-gray-100';
  if (!item.children.length) {
    return (
      <Link to={link} className={base}>
        <NavLabel item={item} depth={depth} />
      </Link>
    );
  }
  // Dropdowns open on hover with small delays, and on click/Enter for keyboards and touch.
  const show = () => (clearTimeout(timer.current), (timer.current = setTimeout(() => setOpen(true), 80)));
  const hide = () => (clearTimeout(timer.current), (timer.current = setTimeout(() => setOpen(false), 150)));
  return (
    <div className="relative" onMouseEnter={show} onMouseLeave={hide} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button type="button" className={base} aria-expanded={open} aria-haspopup="true" onClick={() => setOpen((o) => !o)}>
        <NavLabel item={item} depth={depth} />
        <ChevronDown size={14} aria-hidden="true" className={depth ? '-rotate-90' : ''} />
      </button>
      <Popper open={open} placement={depth === 0 ? 'bottom-start' : 'right-start'}>
        <ul className="min-w-52 rounded-lg border bg-white py-1 shadow-lg">
          {item.children.map((child, i) => (
            <li key={i}>
              <NavEntry item={child} depth={depth + 1} />
            </li>
          ))}
        </ul>
      </Popper>
    </div>
  );
}
