// The shop's event names, from the shared list (so Administration's Analytics page reads the same names).
export { SHOP_EVENTS } from '@grocer/shared/analytics-events';
