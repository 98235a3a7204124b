import { ActingForBanner } from '../features/account/components/acting-for-banner';
import { themeVariables } from '@grocer/shared/theme';
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useMatches, useNavigate, useNavigation, useNavigationType } from 'react-router';
import { LoadingView, Spinner } from '../components/ui/loading';
import { Later } from '../components/ui/later';
import { CartProvider, useCart } from '../features/cart/cart-store';
import { Footer } from './layout/footer';
import { CartDrawer, MobileMenu, PincodeModal, PromoPopup } from './layout/overlays';
import { Navbar } from './layout/navbar';
import { useInit } from '../lib/init';
import { Toasts } from '../lib/toast';
import { pageChrome } from './chrome';
import { guardRedirect, type RouteMeta } from './guards';
import { dropPendingAction } from './pending-action';
import { useUi } from './ui-state';
import { t } from '../lib/i18n';
import { withLater } from '../locales/load';

const CategoryFilterModal = lazy(() => withLater(import('../features/catalogue/components/category-filter-modal')));
const WishlistPicker = lazy(() =>
  withLater(import('../features/wishlist/components/wishlist-picker')).then((m) => ({ default: m.WishlistPicker })),
);

/** Navigation progress bar with a spinner (spec §2). */
function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  if (!busy) return null;
  return (
    <div role="progressbar" aria-label={t('Loading page')} className="fixed inset-x-0 top-0 z-[10000]">
      <div className="h-0.5 animate-pulse bg-[var(--color-primary)]" />
      <Spinner size={18} className="absolute top-2 right-3 text-[var(--color-primary)]" />
    </div>
  );
}

/** In-app navigation for internal anchors (href starting with '/') unless marked data-link. */
function useInternalLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a');
      const href = a?.getAttribute('href');
      if (
        !a ||
        !href ||
        !href.startsWith('/') ||
        href.startsWith('//') ||
        a.hasAttribute('data-link') ||
        a.target === '_blank' ||
        a.hasAttribute('download')
      )
        return;
      e.preventDefault();
      navigate(href);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}

/** Smooth scroll to top on navigation unless the route opts out; scroll to a #hash target. */
function useScrollOnNavigate(meta: RouteMeta | undefined) {
  const { pathname, hash } = useLocation();
  const navType = useNavigationType();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth' });
      return;
    }
    // Back/forward (POP) restores the saved position through <ScrollRestoration/>.
    if (meta?.scroll === false || navType === 'POP') return;
    window.scrollTo({ top: 0, behavior: 'smooth' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, hash]);
}

/** Theme colours as CSS variables and the site font (spec §2 "On load"). */
function useTheme(activetheme: Record<string, string>, fontFamily: string) {
  useLayoutEffect(() => {
    // The server wrote the same variables into the page's head; this keeps them in step after a
    // change of website data in the browser (sign-in, a website switch).
    const root = document.documentElement;
    for (const [name, value] of themeVariables(activetheme, fontFamily)) root.style.setProperty(name, value);
  }, [activetheme, fontFamily]);
  useEffect(() => {
    document.querySelectorAll('details[open]').forEach((d) => d.removeAttribute('open'));
  }, []);
}

/** The app shell: navbar, main area, footer, popup and the global overlays, inside the cart. */
export function Shell() {
  const init = useInit();
  return (
    <CartProvider serverCart={init.cart}>
      <ShellBody />
    </CartProvider>
  );
}

function ShellBody() {
  const init = useInit();
  const { cart } = useCart();
  const ui = useUi();
  const location = useLocation();
  const matches = useMatches();
  const meta = useMemo(() => Object.assign({}, ...matches.map((m) => (m.handle as RouteMeta | undefined) ?? {})) as RouteMeta, [matches]);
  useInternalLinks();
  useScrollOnNavigate(meta);
  useTheme(init.activetheme, init.web.font_family);
  // A visitor who leaves the sign-in pages gives up what they were signing in for (the heart, "Notify me").
  useEffect(() => {
    if (!location.pathname.startsWith('/auth/')) dropPendingAction();
  }, [location.pathname]);

  const redirect = guardRedirect(meta, init.user, location.pathname + location.search);
  const { showNavbar, showSubNavbar, showFooter } = pageChrome(init, location);

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" data-link className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2">
        {t('Skip to content')}
      </a>
      <NavigationProgress />
      {showNavbar && (
        <Navbar
          init={init}
          showSubNavbar={showSubNavbar}
          onMenu={() => ui.set({ menuOpen: true })}
          onCart={() => ui.set({ cartOpen: true })}
          onPincode={() => ui.set({ pincodeOpen: true })}
          cartQuantity={cart.quantity}
        />
      )}
      <ActingForBanner agent={!!init.user?.isSalesAgent} />
      {/* min-h-screen keeps the footer below the fold while a page loads: no layout shift. */}
      <main
        id="main"
        data-route-flags={(['full', 'auth', 'agent'] as const).filter((f) => meta[f]).join(' ')}
        className={meta.full ? 'min-h-screen flex-1' : 'mx-auto min-h-screen w-full max-w-7xl flex-1 px-3 py-4 sm:px-4'}
      >
        <Suspense fallback={<LoadingView />}>{redirect ? <Navigate to={redirect} replace /> : <Outlet />}</Suspense>
      </main>
      {showFooter && (
        <Later last>
          <Footer init={init} />
        </Later>
      )}
      <PromoPopup popup={init.popup} />
      <MobileMenu
        init={init}
        open={ui.menuOpen}
        onClose={() => ui.set({ menuOpen: false })}
        onCategories={() => ui.set({ categoryFilterOpen: true })}
      />
      {ui.categoryFilterOpen && (
        <Suspense fallback={null}>
          <CategoryFilterModal categories={init.categories} brands={init.brands} onClose={() => ui.set({ categoryFilterOpen: false })} />
        </Suspense>
      )}
      <CartDrawer open={ui.cartOpen} onClose={() => ui.set({ cartOpen: false })} />
      <PincodeModal open={ui.pincodeOpen} current={init.pincode} onClose={() => ui.set({ pincodeOpen: false })} />
      {ui.wishlistPicker !== null && (
        <Suspense fallback={null}>
          <WishlistPicker productId={ui.wishlistPicker} onClose={() => ui.set({ wishlistPicker: null })} />
        </Suspense>
      )}
      <Toasts />
      <ScrollRestoration />
    </div>
  );
}
