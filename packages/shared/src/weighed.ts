import { formatINR } from './money';

/**
 * Loose goods sold by weight (issue 40.5): a weighed pack's `price`/`act_price` are per kg, its
 * stock and a line's `quantity` (cart, order, till) are grams, and the storefront sells it in steps
 * of the pack's `step_grams` (the Add button adds one step, the stepper moves by it).
 */

/** The online step a weighed pack gets unless the owner sets another. */
export const DEFAULT_STEP_GRAMS = 500;
/** Steps the owner may set: 1 g to 10 kg. */
export const MAX_STEP_GRAMS = 10_000;

/**
 * A line's amount in paise: units × price, or round(grams × price per kg / 1000) for loose goods.
 * The one rule used by cart pricing (so placement and invoices), the till and order edits.
 */
export function lineAmountPaise(pricePaise: number, quantity: number, soldByWeight: boolean): number {
  return soldByWeight ? Math.round((pricePaise * quantity) / 1000) : pricePaise * quantity;
}

/** How much one tap adds: a unit, or the weighed pack's step in grams. */
export function stepOf(pack: { soldByWeight: boolean; stepGrams: number }): number {
  return pack.soldByWeight ? pack.stepGrams : 1;
}

/** Whether a quantity is a whole number of steps (0 included: the line goes). */
export function isWholeSteps(quantity: number, step: number): boolean {
  return Number.isInteger(quantity) && quantity >= 0 && step > 0 && quantity % step === 0;
}

/** Grams as a shopper reads them: "500 g", "1 kg", "1.5 kg", "1.25 kg". */
export function weightLabel(grams: number): string {
  if (grams < 1000) return `${grams} g`;
  return `${Number((grams / 1000).toFixed(3))} kg`;
}

/** A quantity as a line shows it: units as they are, grams as a weight. */
export function quantityLabel(quantity: number, soldByWeight: boolean): string {
  return soldByWeight ? weightLabel(quantity) : String(quantity);
}

/** A price per kg in rupees as a shopper reads it: "₹40/kg". */
export function perKgLabel(priceRupees: number): string {
  return `${formatINR(priceRupees)}/kg`;
}

/** A weighed line as orders show it, its price per kg in rupees: "1.5 kg × ₹40/kg". */
export function weighedLineText(grams: number, pricePerKgRupees: number): string {
  return `${weightLabel(grams)} × ${perKgLabel(pricePerKgRupees)}`;
}
