/**
 * Money is an integer number of paise inside the system (DB, services, arithmetic). The API
 * shows rupees where the spec shows amounts (pack price, act_price, cart totals): a number with
 * at most two decimals, converted only at the edge with these two functions.
 */
export const toRupees = (paise: number): number => Math.round(paise) / 100;
export const toPaise = (rupees: number): number => Math.round(rupees * 100);

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** '₹1,23,456.5' style: INR, en-IN grouping, rupee sign (spec §9). Takes rupees. */
export const formatINR = (rupees: number): string => inr.format(rupees);
