/**
 * The cart domain's published interface, so far what other modules and app.ts use of it (issue 41
 * §1): outside domains/cart/, nothing imports another file of this folder, except the few
 * imports `.dependency-cruiser-known.json` still lists (through here they would close a circle).
 */
export { priceCart } from './pricing';
export { eraseCarts } from './privacy';
export { guestHasCart } from './queries';
export { cartContext, cartRoutes, shopperCartContext } from './routes';
export {
  addToCart,
  applyCoupon,
  type CartContext,
  cartProductIds,
  claimCartStatements,
  loadCart,
  loadPricedCart,
  mergeGuestCart,
  type PricedCart,
  removeCoupon,
  setCartLine,
  userCartVersion,
} from './service';
