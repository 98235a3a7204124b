import { formatINR, toRupees } from '@grocer/shared/money';

/** The amounts offered with one tap (₹), the shopper may type another. */
export const TOPUP_CHOICES = [200, 500, 1000] as const;

/**
 * What the shopper typed as a top-up, in paise, or why it cannot be added: whole rupees (paise
 * are not offered), at least the shop's minimum, at most its maximum.
 */
export function topupAmount(text: string, limits: { min_paise: number; max_paise: number }): { paise: number } | { problem: string } {
  const t = text.trim().replace(/^₹\s*/, '').replace(/,/g, '');
  if (t === '') return { problem: 'Enter an amount to add.' };
  if (!/^\d+$/.test(t)) return { problem: 'Enter whole rupees, like 500.' };
  const paise = Number(t) * 100;
  if (paise < limits.min_paise) return { problem: `Add at least ${formatINR(toRupees(limits.min_paise))}.` };
  if (paise > limits.max_paise) return { problem: `Add at most ${formatINR(toRupees(limits.max_paise))} at a time.` };
  return { paise };
}
