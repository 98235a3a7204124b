/**
 * The addresses domain's published interface, so far what other modules use through it (issue 41 §1).
 */
export {
  /** a shopper's own address on the website (null: not theirs) */
  findAddress,
  type AddressRow,
} from './service';
