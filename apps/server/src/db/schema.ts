// Every table, re-exported from its domain. drizzle-kit reads this file to generate migrations.
export * from '../domains/website/tables';
export * from '../domains/content/tables';
export * from '../domains/catalogue/tables';
export * from '../domains/inventory/tables';
export * from '../domains/identity/tables';
export * from '../domains/delivery/tables';
export * from '../domains/coupons/tables';
export * from '../domains/cart/tables';
export * from '../domains/wishlist/tables';
export * from '../domains/outbox/tables';
export * from '../domains/addresses/tables';
export * from '../domains/orders/tables';
export * from '../domains/payments/tables';
export * from '../domains/audit/tables';
export * from '../domains/pos/tables';
