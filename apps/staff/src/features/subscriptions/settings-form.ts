import { toRupees } from '@grocer/shared/money';
import { subscriptionSettingsSchema, type SubscriptionSettings, type SubscriptionSettingsView } from '@grocer/shared/subscriptions';
import { z } from 'zod';

/** A chosen pack as the form shows it (named by the server, or picked from the search). */
export interface ChosenPack {
  id: number;
  label: string;
  pricePaise: number;
}

/**
 * The settings form's fields as typed: the cut-off as the time input gives it ("22:00"), money in
 * rupees ("100", "49.50"), the percent as a whole number, the chosen packs with their names. Sent
 * as the shared contract's paise and pack ids (`subscriptionSettingsSchema`).
 */
export interface SettingsFormValues {
  cutoff_time: string;
  packs: ChosenPack[];
  min_topup: string;
  cashback_percent: string;
  cashback_cap: string;
}

const RUPEES = /^\d{1,9}(\.\d{1,2})?$/;

/** Paise of a rupee amount as typed ("49.50" → 4950), or null when it is not one (empty, letters, three decimals). */
export function rupeesToPaise(text: string): number | null {
  const t = text.trim();
  if (!RUPEES.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Rupees as the form shows paise: 10000 → "100", 4950 → "49.50". */
export function paiseToRupees(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : toRupees(paise).toFixed(2);
}

export function settingsToForm(s: SubscriptionSettingsView): SettingsFormValues {
  return {
    cutoff_time: s.cutoff_time,
    packs: s.packs,
    min_topup: paiseToRupees(s.min_topup_paise),
    cashback_percent: String(s.cashback_percent),
    cashback_cap: paiseToRupees(s.cashback_cap_paise),
  };
}

/** The wire body of the form's values (NaN where a field is not a number: the schema refuses it by field). */
export function formToSettings(f: SettingsFormValues): SubscriptionSettings {
  const percent = f.cashback_percent.trim();
  return {
    cutoff_time: f.cutoff_time.trim(),
    subscribable_pack_ids: f.packs.map((p) => p.id),
    min_topup_paise: rupeesToPaise(f.min_topup) ?? Number.NaN,
    cashback_percent: /^-?\d+(\.\d+)?$/.test(percent) ? Number(percent) : Number.NaN,
    cashback_cap_paise: rupeesToPaise(f.cashback_cap) ?? Number.NaN,
  };
}

// the shared schema's fields and the form's
const FIELD: Record<keyof SubscriptionSettings, keyof SettingsFormValues> = {
  cutoff_time: 'cutoff_time',
  subscribable_pack_ids: 'packs',
  min_topup_paise: 'min_topup',
  cashback_percent: 'cashback_percent',
  cashback_cap_paise: 'cashback_cap',
};
export const formFieldOf = (wire: string): keyof SettingsFormValues | undefined => FIELD[wire as keyof SubscriptionSettings];

/**
 * The form's schema (for react-hook-form's zod resolver): each rupee field must be an amount in
 * rupees, then the converted body is checked by the shared contract itself — its messages shown at
 * the form's fields — and is the form's output, so the form submits what the server takes.
 */
export const settingsFormSchema = z
  .object({
    cutoff_time: z.string(),
    packs: z.array(z.object({ id: z.number().int(), label: z.string(), pricePaise: z.number().int() })),
    min_topup: z.string(),
    cashback_percent: z.string(),
    cashback_cap: z.string(),
  })
  .superRefine((f, ctx) => {
    const wrong = new Set<string>();
    const rupees = (field: 'min_topup' | 'cashback_cap', what: string) => {
      if (rupeesToPaise(f[field]) !== null) return;
      wrong.add(field);
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: f[field].trim() === '' ? `Enter ${what} in rupees (0 for none)` : `Enter ${what} in rupees, e.g. 100 or 49.50`,
      });
    };
    rupees('min_topup', 'the minimum top-up');
    rupees('cashback_cap', 'the cashback cap');
    const percent = f.cashback_percent.trim();
    if (!/^-?\d+(\.\d+)?$/.test(percent)) {
      wrong.add('cashback_percent');
      ctx.addIssue({
        code: 'custom',
        path: ['cashback_percent'],
        message: percent === '' ? 'Enter the cashback percent (0 for none)' : 'Enter the cashback as a whole percent, e.g. 5',
      });
    }
    const checked = subscriptionSettingsSchema.safeParse(formToSettings(f));
    if (!checked.success)
      for (const issue of checked.error.issues) {
        const field = formFieldOf(String(issue.path[0] ?? '')) ?? 'cutoff_time';
        if (!wrong.has(field)) {
          wrong.add(field);
          ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
        }
      }
    const s = formToSettings(f);
    if (!wrong.has('cashback_cap') && s.cashback_percent > 0 && s.cashback_cap_paise === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['cashback_cap'],
        message: 'A cap of ₹0 gives no cashback: enter the most one order earns back',
      });
  })
  .transform(formToSettings);
