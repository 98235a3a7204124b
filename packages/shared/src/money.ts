/**
 * Money is an integer number of paise inside the system (DB, services, arithmetic). The API
 * shows rupees where the spec shows amounts (pack price, act_price, cart totals): a number with
 * at most two decimals, converted only at the edge with these two functions.
 */
export const toRupees = (paise: number): number => Math.round(paise) / 100;
export const toPaise = (rupees: number): number => Math.round(rupees * 100);

/**
 * The one money format (spec §9: INR, en-IN, rupee sign) for pages, invoices and emails: Indian
 * grouping, no decimals for whole rupees ('₹1,23,456'), two when there are paise ('₹628.20',
 * never '₹628.2'). Takes rupees.
 *
 * Written out rather than with `Intl.NumberFormat('en-IN', { currency: 'INR' })`, whose output it
 * matches (money.test.ts, for any amount): making that formatter loads the locale's data, 95 ms
 * of a storefront page's first load on Lighthouse's 4× slower CPU (issue 20).
 */
export const formatINR = (rupees: number): string => {
  const paise = Math.round(rupees * 100);
  const abs = Math.abs(paise);
  // no amount is this large (or not a number): the locale's formatter, made only then
  if (!Number.isSafeInteger(abs))
    return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(rupees);
  const fraction = abs % 100;
  return `${paise < 0 ? '-' : ''}₹${indianGrouping(String((abs - fraction) / 100))}${fraction ? `.${String(fraction).padStart(2, '0')}` : ''}`;
};

/** '1234567' → '12,34,567': the last three digits, then pairs. */
const indianGrouping = (digits: string) =>
  digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
