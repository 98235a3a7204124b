/**
 * The addresses domain's published interface, so far what other modules use through it (issue 41 §1).
 */
export {
  /** a shopper's own address on the website (null: not theirs) */
  findAddress,
  type AddressRow,
} from './service';

// Read by other modules too (issue 41 §1). They import it from here, except where this index would
// close a circle of imports (the boundary baseline keeps those few).
export { addressesForExport, eraseAddresses } from './privacy';
export { type AddressValues, countAddresses, createAddress, listAddresses } from './service';
/** its routes, registered by app.ts (issue 41 §1: every route in one list) */
export { addressRoutes } from './routes';
