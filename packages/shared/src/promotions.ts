import { z } from 'zod';
import { instantSchema } from './days';
import { idSchema } from './ids';
import { formatINR, toRupees } from './money';
import { allocateDiscount } from './tax';

/**
 * Automatic promotions (no code to type) and the rule that applies them to a cart.
 *
 * - `buy_x_get_y`: buy `buyQuantity` of the target (a pack, any pack of a category, any pack of a
 *   brand), get `getQuantity` at `percentOff` % off (100: free). The discounted units are the
 *   cheapest of those bought, or units of another pack (`getPackId`) that is in the cart too.
 * - `combo`: a set of packs (each with a quantity) together at `pricePaise` per set.
 * - `cart`: spend at least `minPaise` (on the items, after line promotions), get `flatPaise` or
 *   `percentBp` off, at most `capPaise`.
 *
 * Stacking (decided for issue 40 §19): each line takes part in at most ONE line promotion
 * (buy X get Y or combo); among the promotions that fit, the one saving the shopper most is taken
 * first, then the next on the lines left, and so on. Then the ONE best cart discount. A coupon
 * stacks on top (judged on the same items total); cart discount + coupon never exceed the items.
 * There is no staff priority: the shopper always gets the largest saving, ties going to the
 * older promotion (lower id), so the answer never depends on the order of lines or promotions.
 */
export const PROMOTION_KINDS = ['buy_x_get_y', 'combo', 'cart'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

const id = idSchema;
const paise = z.number().int('Whole paise only').min(0, 'Cannot be negative').max(100_000_000);
const qty = z.number().int('Whole numbers only').min(1, 'Must be at least 1').max(1000);

export const promotionTargetSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pack'), packIds: z.array(id).min(1, 'Choose at least one pack').max(100) }),
  z.object({ type: z.literal('category'), categoryId: id }),
  z.object({ type: z.literal('brand'), brandId: id }),
]);
export type PromotionTarget = z.infer<typeof promotionTargetSchema>;

export const promotionRuleSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('buy_x_get_y'),
    buy: promotionTargetSchema,
    buyQuantity: qty,
    getQuantity: qty,
    /** null: the cheapest units of those bought are discounted */
    getPackId: id.nullable(),
    percentOff: z.number().int().min(1, 'At least 1%').max(100, 'At most 100%'),
  }),
  z.object({
    kind: z.literal('combo'),
    items: z
      .array(z.object({ packId: id, quantity: qty }))
      .min(2, 'A combo has at least two packs')
      .max(20)
      .refine((items) => new Set(items.map((i) => i.packId)).size === items.length, 'Each pack once'),
    pricePaise: paise.min(1, 'Must be more than 0'),
  }),
  z.object({
    kind: z.literal('cart'),
    minPaise: paise,
    flatPaise: paise.nullable(),
    percentBp: z.number().int().min(1).max(10_000, 'A percentage is at most 100%').nullable(),
    capPaise: paise.min(1, 'Must be more than 0').nullable(),
  }),
]);
export type PromotionRule = z.infer<typeof promotionRuleSchema>;

export const adminPromotionInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(80, 'At most 80 characters'),
    rule: promotionRuleSchema,
    startsAt: instantSchema.nullable(),
    endsAt: instantSchema.nullable(),
    active: z.boolean(),
  })
  .superRefine((p, ctx) => {
    if (p.startsAt && p.endsAt && Date.parse(p.endsAt) <= Date.parse(p.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Must be after the start' });
    if (p.rule.kind === 'cart' && (p.rule.flatPaise === null) === (p.rule.percentBp === null))
      ctx.addIssue({ code: 'custom', path: ['rule', 'flatPaise'], message: 'Give either an amount or a percentage off' });
  });
export type AdminPromotionInput = z.input<typeof adminPromotionInputSchema>;

export const adminPromotionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  rule: promotionRuleSchema,
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
  /** what it gives, in words ("Buy 2 get 1 free") */
  summary: z.string(),
  /** the packs the rule names, with their labels (for the editor) */
  packs: z.array(z.object({ id: z.number().int(), label: z.string() })),
  createdAt: z.string(),
});
export type AdminPromotion = z.infer<typeof adminPromotionSchema>;
export const adminPromotionListSchema = z.object({ data: z.array(adminPromotionSchema) });
export const adminPromotionActiveSchema = z.object({ active: z.boolean() });

/** What a shopper sees beside a line or the cart: the promotion's name and what it took off (rupees). */
export const appliedPromotionSchema = z.object({ id: z.number().int(), name: z.string(), discount: z.number() });
export type AppliedPromotionView = z.infer<typeof appliedPromotionSchema>;

// ---------------------------------------------------------------------------------------------
// The rule

export interface Promotion {
  id: number;
  name: string;
  rule: PromotionRule;
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
}

/** A cart line as promotions see it: only valid lines are offered (an unavailable line is not paid for). */
export interface PromotionLine {
  packId: number;
  brandId: number | null;
  /** the product's categories (primary and others) */
  categoryIds: number[];
  pricePaise: number;
  quantity: number;
}

export interface AppliedPromotion {
  promotionId: number;
  name: string;
  discountPaise: number;
}

export interface PromotionResult {
  /** per line (input order): the line promotion that discounted it, or null */
  lines: Array<AppliedPromotion | null>;
  /** the sum of the lines' promotion discounts */
  linesDiscountPaise: number;
  /** the cart discount, judged on the items after line promotions */
  cart: AppliedPromotion | null;
}

/** A promotion that may apply at `now`: active, started, not ended. */
export function promotionLive(p: Pick<Promotion, 'active' | 'startsAt' | 'endsAt'>, now: Date): boolean {
  return p.active && (p.startsAt === null || p.startsAt <= now) && (p.endsAt === null || p.endsAt > now);
}

function matches(target: PromotionTarget, l: PromotionLine): boolean {
  if (target.type === 'pack') return target.packIds.includes(l.packId);
  if (target.type === 'category') return l.categoryIds.includes(target.categoryId);
  return l.brandId === target.brandId;
}

const unitOff = (price: number, percent: number) => Math.floor((price * percent) / 100);

/** One line promotion over the lines still free (indices into `lines`): per-line discounts, or null. */
function evaluate(rule: PromotionRule, lines: PromotionLine[], free: number[]): Map<number, number> | null {
  if (rule.kind === 'buy_x_get_y') {
    const bought = free.filter((i) => matches(rule.buy, lines[i]!) && lines[i]!.packId !== rule.getPackId);
    const units = bought.reduce((n, i) => n + lines[i]!.quantity, 0);
    const out = new Map<number, number>();
    if (rule.getPackId === null) {
      // every (buy + get) units bought, `get` of them discounted: the cheapest ones (ties: lower pack id)
      let left = Math.floor(units / (rule.buyQuantity + rule.getQuantity)) * rule.getQuantity;
      const cheapest = [...bought].sort((a, b) => lines[a]!.pricePaise - lines[b]!.pricePaise || lines[a]!.packId - lines[b]!.packId);
      for (const i of cheapest) {
        if (left === 0) break;
        const n = Math.min(left, lines[i]!.quantity);
        left -= n;
        out.set(i, unitOff(lines[i]!.pricePaise, rule.percentOff) * n);
      }
    } else {
      const get = free.find((i) => lines[i]!.packId === rule.getPackId);
      if (get === undefined) return null;
      const n = Math.min(Math.floor(units / rule.buyQuantity) * rule.getQuantity, lines[get]!.quantity);
      if (n > 0) out.set(get, unitOff(lines[get]!.pricePaise, rule.percentOff) * n);
    }
    if ([...out.values()].every((d) => d === 0)) return null;
    for (const i of bought) if (!out.has(i)) out.set(i, 0);
    return out;
  }
  if (rule.kind === 'combo') {
    const at = rule.items.map((item) => free.find((i) => lines[i]!.packId === item.packId));
    if (at.some((i) => i === undefined)) return null;
    const sets = Math.min(...rule.items.map((item, k) => Math.floor(lines[at[k]!]!.quantity / item.quantity)));
    const regular = rule.items.map((item, k) => lines[at[k]!]!.pricePaise * item.quantity * sets);
    const saving = Math.max(0, regular.reduce((a, b) => a + b, 0) - rule.pricePaise * sets);
    if (saving === 0) return null;
    const shares = allocateDiscount(regular, saving);
    return new Map(at.map((i, k) => [i!, shares[k]!]));
  }
  return null;
}

/** A cart discount on `itemsPaise` (already after line promotions): 0 when under the minimum. */
export function cartPromotionDiscount(rule: Extract<PromotionRule, { kind: 'cart' }>, itemsPaise: number): number {
  if (itemsPaise <= 0 || itemsPaise < rule.minPaise) return 0;
  const raw = rule.flatPaise ?? Math.floor((itemsPaise * (rule.percentBp ?? 0)) / 10_000);
  return Math.max(0, Math.min(raw, rule.capPaise ?? raw, itemsPaise));
}

/**
 * Applies the live promotions to the lines (see the header for the stacking rule). Pure, integer
 * paise: no line's discount exceeds the line, the cart discount never exceeds what is left, and
 * the result does not depend on the order of `lines` or `promotions` (beyond being per line).
 */
export function applyPromotions(lines: PromotionLine[], promotions: Promotion[], now: Date): PromotionResult {
  const live = promotions.filter((p) => promotionLive(p, now)).sort((a, b) => a.id - b.id);
  const result: Array<AppliedPromotion | null> = lines.map(() => null);
  let free = lines.map((_, i) => i).filter((i) => lines[i]!.quantity > 0 && lines[i]!.pricePaise > 0);
  let candidates = live.filter((p) => p.rule.kind !== 'cart');
  for (;;) {
    let best: { p: Promotion; out: Map<number, number>; total: number } | null = null;
    for (const p of candidates) {
      const out = evaluate(p.rule, lines, free);
      if (!out) continue;
      const total = [...out.values()].reduce((a, b) => a + b, 0);
      if (total > 0 && (!best || total > best.total)) best = { p, out, total };
    }
    if (!best) break;
    const taken = best;
    for (const [i, d] of taken.out) result[i] = { promotionId: taken.p.id, name: taken.p.name, discountPaise: d };
    free = free.filter((i) => !taken.out.has(i));
    candidates = candidates.filter((p) => p !== taken.p);
  }
  const linesDiscountPaise = result.reduce((n, r) => n + (r?.discountPaise ?? 0), 0);
  const items = lines.reduce((n, l) => n + l.pricePaise * l.quantity, 0) - linesDiscountPaise;
  let cart: AppliedPromotion | null = null;
  for (const p of live) {
    if (p.rule.kind !== 'cart') continue;
    const d = cartPromotionDiscount(p.rule, items);
    if (d > 0 && (!cart || d > cart.discountPaise)) cart = { promotionId: p.id, name: p.name, discountPaise: d };
  }
  return { lines: result, linesDiscountPaise, cart };
}

/** What a promotion gives, in words, for lists and the shopper's cart ("Buy 2 get 1 free"). */
export function promotionSummary(rule: PromotionRule): string {
  const inr = (p: number) => formatINR(toRupees(p));
  if (rule.kind === 'buy_x_get_y') {
    const off = rule.percentOff === 100 ? 'free' : `${rule.percentOff}% off`;
    return `Buy ${rule.buyQuantity} get ${rule.getQuantity} ${off}`;
  }
  if (rule.kind === 'combo') return `${rule.items.length} packs together for ${inr(rule.pricePaise)}`;
  const off = rule.flatPaise !== null ? `${inr(rule.flatPaise)} off` : `${(rule.percentBp ?? 0) / 100}% off`;
  const cap = rule.capPaise !== null && rule.flatPaise === null ? ` up to ${inr(rule.capPaise)}` : '';
  return `Spend ${inr(rule.minPaise)}, get ${off}${cap}`;
}

/** GET /admin/promotions/choices: what a promotion's target may name. */
export const promotionChoicesSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
/** GET /admin/promotions/packs?q= (and /admin/customer-groups/packs): the staff's pack picker. */
export const packChoicesSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), label: z.string(), pricePaise: z.number().int() })),
});
export const packChoicesQuerySchema = z.object({ q: z.string().trim().max(100).default('') });

/**
 * How a bill records its line promotions (issue 40 §19, the POS): each promotion's discount is
 * spread over the lines that took part in it (those it bought and those it discounted) by their
 * value before promotions, with `allocateDiscount` (floor of the exact share, the paise left to
 * the largest remainders, ties to the earlier line; never above a line). A line's record then
 * carries what the shopper actually paid for its units, so a return of some of them refunds
 * their part of the promotion: returning the "free" unit of a buy 2 get 1 refunds a third of
 * what the three cost, not nothing. `amountsPaise`: each line's value before promotions;
 * `applied`: `applyPromotions(...).lines`. Answers the discount per line (input order).
 */
export function apportionPromotions(amountsPaise: number[], applied: Array<AppliedPromotion | null>): number[] {
  const out = amountsPaise.map(() => 0);
  const byPromotion = new Map<number, number[]>();
  applied.forEach((a, i) => {
    if (a) byPromotion.set(a.promotionId, [...(byPromotion.get(a.promotionId) ?? []), i]);
  });
  for (const at of byPromotion.values()) {
    const discount = at.reduce((n, i) => n + applied[i]!.discountPaise, 0);
    const shares = allocateDiscount(
      at.map((i) => amountsPaise[i]!),
      discount,
    );
    at.forEach((i, k) => (out[i] = shares[k]!));
  }
  return out;
}

/**
 * The till's copy of the website's live promotions (GET /s/api/pos/promotions), kept on the device
 * for offline sales. A category or brand target comes resolved to the packs it covers (the till
 * knows packs, not products' categories), so the till's `applyPromotions` gives the server's answer.
 */
const tillRuleSchema = z.discriminatedUnion('kind', [
  promotionRuleSchema.options[0].extend({
    buy: z.object({ type: z.literal('pack'), packIds: z.array(z.number().int()) }),
  }),
  promotionRuleSchema.options[1],
  promotionRuleSchema.options[2],
]);
export const posPromotionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  summary: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  rule: tillRuleSchema,
});
export type PosPromotion = z.infer<typeof posPromotionSchema>;
export const posPromotionListSchema = z.object({ data: z.array(posPromotionSchema) });

/** A till promotion as `applyPromotions` takes it. */
export const fromPosPromotion = (p: PosPromotion): Promotion => ({
  id: p.id,
  name: p.name,
  rule: p.rule,
  active: true,
  startsAt: p.starts_at ? new Date(p.starts_at) : null,
  endsAt: p.ends_at ? new Date(p.ends_at) : null,
});
