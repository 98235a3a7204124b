import { createBrowserRouter, redirect } from 'react-router';
import { LoadingView } from '../components/ui/loading';
import { paths } from '../lib/paths';
import type { ScreenHandle } from '../lib/permissions';
import { NotFound, RouteError } from './route-error';

const screen = (permission: ScreenHandle['permission']): ScreenHandle => ({ permission });

/**
 * Areas are code-split (DESIGN §10): Administration's layout and each of its screens load on
 * demand. Website Settings (/page-builder) and POS (/pos) are their own areas.
 */
export const router = createBrowserRouter([
  {
    path: '/bos/admin',
    lazy: async () => ({ Component: (await import('./layout')).AdminLayout }),
    HydrateFallback: LoadingView,
    ErrorBoundary: RouteError,
    children: [
      { index: true, handle: screen('reports'), lazy: async () => ({ Component: (await import('./routes/dashboard')).DashboardRoute }) },
      {
        path: 'products',
        handle: screen('catalogue'),
        lazy: async () => ({ Component: (await import('./routes/products')).ProductsRoute }),
      },
      {
        path: 'products/new',
        handle: screen('catalogue'),
        lazy: async () => ({ Component: (await import('./routes/product-new')).ProductNewRoute }),
      },
      {
        path: 'categories',
        handle: screen('catalogue'),
        lazy: async () => ({ Component: (await import('./routes/categories')).CategoriesRoute }),
      },
      { path: 'brands', handle: screen('catalogue'), lazy: async () => ({ Component: (await import('./routes/brands')).BrandsRoute }) },
      { path: 'audit', handle: screen('audit'), lazy: async () => ({ Component: (await import('./routes/audit')).AuditRoute }) },
      {
        path: 'products/:id',
        handle: screen('catalogue'),
        lazy: async () => ({ Component: (await import('./routes/product')).ProductRoute }),
      },
      { path: 'orders', handle: screen('orders.read'), lazy: async () => ({ Component: (await import('./routes/orders')).OrdersRoute }) },
      { path: 'orders/:id', handle: screen('orders.read'), lazy: async () => ({ Component: (await import('./routes/order')).OrderRoute }) },
      // draft orders (issue 40 §12): the orders screen's Draft filter, New order, one draft
      {
        path: 'orders/drafts',
        handle: screen('orders.read'),
        lazy: async () => ({ Component: (await import('./routes/drafts')).DraftsRoute }),
      },
      {
        path: 'orders/drafts/new',
        handle: screen('orders.manage'),
        lazy: async () => ({ Component: (await import('./routes/drafts')).DraftNewRoute }),
      },
      {
        path: 'orders/drafts/:id',
        handle: screen('orders.read'),
        lazy: async () => ({ Component: (await import('./routes/drafts')).DraftRoute }),
      },
      { path: 'media', handle: screen('catalogue'), lazy: async () => ({ Component: (await import('./routes/media')).MediaRoute }) },
      { path: 'search', handle: screen('catalogue'), lazy: async () => ({ Component: (await import('./routes/search')).SearchRoute }) },
      {
        path: 'translations',
        handle: screen('translations'),
        lazy: async () => ({ Component: (await import('./routes/translations')).TranslationsRoute }),
      },
      { path: 'coupons', handle: screen('coupons'), lazy: async () => ({ Component: (await import('./routes/coupons')).CouponsRoute }) },
      {
        path: 'coupons/new',
        handle: screen('coupons'),
        lazy: async () => ({ Component: (await import('./routes/coupons')).NewCouponRoute }),
      },
      { path: 'coupons/:id', handle: screen('coupons'), lazy: async () => ({ Component: (await import('./routes/coupons')).CouponRoute }) },
      {
        path: 'promotions',
        handle: screen('coupons'),
        lazy: async () => ({ Component: (await import('./routes/promotions')).PromotionsRoute }),
      },
      {
        path: 'promotions/new',
        handle: screen('coupons'),
        lazy: async () => ({ Component: (await import('./routes/promotions')).NewPromotionRoute }),
      },
      {
        path: 'promotions/:id',
        handle: screen('coupons'),
        lazy: async () => ({ Component: (await import('./routes/promotions')).PromotionRoute }),
      },
      {
        path: 'customer-groups',
        handle: screen('customers'),
        lazy: async () => ({ Component: (await import('./routes/customer-groups')).CustomerGroupsRoute }),
      },
      {
        path: 'customer-groups/:id',
        handle: screen('customers'),
        lazy: async () => ({ Component: (await import('./routes/customer-groups')).CustomerGroupRoute }),
      },
      {
        path: 'delivery',
        handle: screen('delivery'),
        lazy: async () => ({ Component: (await import('./routes/delivery')).DeliveryRoute }),
      },
      {
        path: 'dispatch',
        handle: screen('orders.read'),
        lazy: async () => ({ Component: (await import('./routes/dispatch')).DispatchRoute }),
      },
      {
        path: 'rider-cash',
        handle: screen('orders.read'),
        lazy: async () => ({ Component: (await import('./routes/rider-cash')).RiderCashRoute }),
      },
      // Administration → Subscriptions (issue 44 §6): tomorrow's demand, the list, low balances, settings (one chunk)
      ...(
        [
          ['subscriptions', 'SubscriptionsDemandRoute'],
          ['subscriptions/list', 'SubscriptionListRoute'],
          ['subscriptions/deliveries', 'SubscriptionDeliveriesRoute'],
          ['subscriptions/low-balance', 'SubscriptionLowBalanceRoute'],
          ['subscriptions/settings', 'SubscriptionSettingsRoute'],
        ] as const
      ).map(([path, name]) => ({
        path,
        handle: screen('customers'),
        lazy: async () => ({ Component: (await import('./routes/subscriptions'))[name] }),
      })),
      { path: 'staff', handle: screen('staff'), lazy: async () => ({ Component: (await import('./routes/staff')).StaffRoute }) },
      { path: 'issues', handle: screen('support'), lazy: async () => ({ Component: (await import('./routes/issues')).IssuesRoute }) },
      { path: 'reviews', handle: screen('catalogue'), lazy: async () => ({ Component: (await import('./routes/reviews')).ReviewsRoute }) },
      { path: 'reports', handle: screen('reports'), lazy: async () => ({ Component: (await import('./routes/reports')).ReportsRoute }) },
      {
        path: 'customers',
        handle: screen('customers'),
        lazy: async () => ({ Component: (await import('./routes/customers')).CustomersRoute }),
      },
      {
        path: 'customers/:id',
        handle: screen('customers'),
        lazy: async () => ({ Component: (await import('./routes/customers')).CustomerRoute }),
      },
      {
        path: 'payments',
        handle: screen('payments'),
        lazy: async () => ({ Component: (await import('./routes/payments')).PaymentsRoute }),
      },
      {
        path: 'analytics',
        handle: screen('insights'),
        lazy: async () => ({ Component: (await import('./routes/analytics')).AnalyticsRoute }),
      },
      { path: 'errors', handle: screen('insights'), lazy: async () => ({ Component: (await import('./routes/errors')).ErrorsRoute }) },
      { path: 'agents', handle: screen('agents'), lazy: async () => ({ Component: (await import('./routes/agents')).AgentsRoute }) },
      { path: 'stock', handle: screen('stock'), lazy: async () => ({ Component: (await import('./routes/stock')).StockRoute }) },
      // Stock's transfers, purchase orders and suppliers (one chunk with the stock screen)
      ...(
        [
          ['stock/transfers', 'TransfersRoute'],
          ['stock/transfers/new', 'TransferNewRoute'],
          ['stock/transfers/:id', 'TransferRoute'],
          ['stock/transfers/:id/edit', 'TransferEditRoute'],
          ['stock/purchase-orders', 'PurchaseOrdersRoute'],
          ['stock/purchase-orders/new', 'PurchaseOrderNewRoute'],
          ['stock/purchase-orders/:id', 'PurchaseOrderRoute'],
          ['stock/purchase-orders/:id/edit', 'PurchaseOrderEditRoute'],
          ['stock/suppliers', 'SuppliersRoute'],
        ] as const
      ).map(([path, name]) => ({
        path,
        handle: screen('stock'),
        lazy: async () => ({ Component: (await import('./routes/stock'))[name] }),
      })),
      {
        path: 'import-export',
        handle: screen('catalogue'),
        lazy: async () => ({ Component: (await import('./routes/import-export')).ImportExportRoute }),
      },
      { path: '*', Component: NotFound },
    ],
  },
  {
    // The point of sale: its own area (no Administration frame), code-split like the others.
    path: '/pos',
    HydrateFallback: LoadingView,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./routes/pos')).PosRoute }) },
      { path: 'receipt/:receipt', lazy: async () => ({ Component: (await import('./routes/pos-receipt')).PosReceiptRoute }) },
      { path: 'handovers', lazy: async () => ({ Component: (await import('./routes/rider-cash')).PosHandoversRoute }) },
      { path: '*', Component: NotFound },
    ],
  },
  {
    // Website Settings: the page builder and the site's settings, each screen code-split; Puck loads with the editor only.
    path: '/page-builder',
    lazy: async () => ({ Component: (await import('./page-builder-layout')).PageBuilderLayout }),
    HydrateFallback: LoadingView,
    ErrorBoundary: RouteError,
    children: [
      { index: true, loader: () => redirect(paths.builderPages()) },
      { path: 'pages', lazy: async () => ({ Component: (await import('./routes/builder-pages')).BuilderPagesRoute }) },
      {
        path: 'settings/:group',
        lazy: async () => ({ Component: (await import('./routes/site-settings')).SiteSettingsRoute }),
      },
      { path: '*', Component: NotFound },
    ],
  },
  {
    // The page editor fills the window (no settings frame around it).
    path: '/page-builder/pages/:id',
    lazy: async () => ({ Component: (await import('./routes/builder-page')).BuilderPageRoute }),
    HydrateFallback: LoadingView,
    ErrorBoundary: RouteError,
  },
  {
    // Choosing and creating websites (spec §2): the `bos` area, its own frame.
    path: '/auth/bos',
    lazy: async () => ({ Component: (await import('./bos-layout')).BosLayout }),
    HydrateFallback: LoadingView,
    ErrorBoundary: RouteError,
    children: [
      { path: 'choose', lazy: async () => ({ Component: (await import('./routes/websites')).ChooseWebsiteRoute }) },
      { path: 'create', lazy: async () => ({ Component: (await import('./routes/websites')).CreateWebsiteRoute }) },
      { path: '*', Component: NotFound },
    ],
  },
  { path: '*', Component: NotFound },
]);
