/**
 * Money is an integer number of paise inside the system (DB, services, arithmetic). The API
 * shows rupees where the spec shows amounts (pack price, act_price, cart totals): a number with
 * at most two decimals, converted only at the edge with these two functions.
 */
export const toRupees = (paise: number): number => Math.round(paise) / 100;
export const toPaise = (rupees: number): number => Math.round(rupees * 100);

const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * The one money format (spec §9: INR, en-IN, rupee sign) for pages, invoices and emails: Indian
 * grouping, no decimals for whole rupees ('₹1,23,456'), two when there are paise ('₹628.20',
 * never '₹628.2'). Takes rupees.
 */
export const formatINR = (rupees: number): string => {
  const paise = Math.round(rupees * 100);
  return paise % 100 === 0 ? whole.format(paise / 100) : withPaise.format(paise / 100);
};
