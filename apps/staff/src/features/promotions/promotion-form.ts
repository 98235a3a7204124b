import { toPaise, toRupees } from '@grocer/shared/money';
import type { AdminPromotion, AdminPromotionInput, PromotionKind } from '@grocer/shared/promotions';
import { fromLocalInput, toLocalInput } from '../../lib/local-time';

/**
 * The promotion editor's fields as typed (rupees, percents, local date-times, '' for none), and
 * their conversion to and from the API's rule (paise, basis points, ISO instants).
 */
export interface PackRef {
  id: number;
  label: string;
}
export interface PromotionForm {
  name: string;
  kind: PromotionKind;
  startsAt: string;
  endsAt: string;
  active: boolean;
  targetType: 'pack' | 'category' | 'brand';
  targetPacks: PackRef[];
  categoryId: string;
  brandId: string;
  buyQuantity: string;
  getQuantity: string;
  getPack: PackRef | null;
  percentOff: string;
  comboItems: Array<PackRef & { quantity: string }>;
  comboPrice: string;
  minSpend: string;
  offType: 'flat' | 'percent';
  offValue: string;
  cap: string;
}

export const emptyPromotionForm: PromotionForm = {
  name: '',
  kind: 'buy_x_get_y',
  startsAt: '',
  endsAt: '',
  active: true,
  targetType: 'pack',
  targetPacks: [],
  categoryId: '',
  brandId: '',
  buyQuantity: '2',
  getQuantity: '1',
  getPack: null,
  percentOff: '100',
  comboItems: [],
  comboPrice: '',
  minSpend: '',
  offType: 'flat',
  offValue: '',
  cap: '',
};

// '' is "none"; anything else goes as a number, so a typo is refused by the schema at its field
const num = (v: string) => (v.trim() === '' ? null : Number(v));
const paise = (v: string) => (v.trim() === '' ? null : toPaise(Number(v)));

export function promotionToForm(p: AdminPromotion): PromotionForm {
  const label = (id: number) => p.packs.find((k) => k.id === id)?.label ?? `Pack ${id}`;
  const f: PromotionForm = {
    ...emptyPromotionForm,
    name: p.name,
    kind: p.kind,
    startsAt: toLocalInput(p.startsAt),
    endsAt: toLocalInput(p.endsAt),
    active: p.active,
  };
  const r = p.rule;
  if (r.kind === 'buy_x_get_y') {
    f.targetType = r.buy.type;
    if (r.buy.type === 'pack') f.targetPacks = r.buy.packIds.map((id) => ({ id, label: label(id) }));
    if (r.buy.type === 'category') f.categoryId = String(r.buy.categoryId);
    if (r.buy.type === 'brand') f.brandId = String(r.buy.brandId);
    f.buyQuantity = String(r.buyQuantity);
    f.getQuantity = String(r.getQuantity);
    f.getPack = r.getPackId === null ? null : { id: r.getPackId, label: label(r.getPackId) };
    f.percentOff = String(r.percentOff);
  } else if (r.kind === 'combo') {
    f.comboItems = r.items.map((i) => ({ id: i.packId, label: label(i.packId), quantity: String(i.quantity) }));
    f.comboPrice = String(toRupees(r.pricePaise));
  } else {
    f.minSpend = String(toRupees(r.minPaise));
    f.offType = r.flatPaise !== null ? 'flat' : 'percent';
    f.offValue = r.flatPaise !== null ? String(toRupees(r.flatPaise)) : String((r.percentBp ?? 0) / 100);
    f.cap = r.capPaise !== null ? String(toRupees(r.capPaise)) : '';
  }
  return f;
}

export function formToPromotionInput(f: PromotionForm): AdminPromotionInput {
  const base = { name: f.name, startsAt: fromLocalInput(f.startsAt), endsAt: fromLocalInput(f.endsAt), active: f.active };
  if (f.kind === 'buy_x_get_y') {
    const buy =
      f.targetType === 'pack'
        ? { type: 'pack' as const, packIds: f.targetPacks.map((p) => p.id) }
        : f.targetType === 'category'
          ? { type: 'category' as const, categoryId: Number(f.categoryId) }
          : { type: 'brand' as const, brandId: Number(f.brandId) };
    return {
      ...base,
      rule: {
        kind: 'buy_x_get_y',
        buy,
        buyQuantity: Number(f.buyQuantity),
        getQuantity: Number(f.getQuantity),
        getPackId: f.getPack?.id ?? null,
        percentOff: Number(f.percentOff),
      },
    };
  }
  if (f.kind === 'combo')
    return {
      ...base,
      rule: {
        kind: 'combo',
        items: f.comboItems.map((i) => ({ packId: i.id, quantity: Number(i.quantity) })),
        pricePaise: paise(f.comboPrice) ?? 0,
      },
    };
  return {
    ...base,
    rule: {
      kind: 'cart',
      minPaise: paise(f.minSpend) ?? 0,
      flatPaise: f.offType === 'flat' ? (paise(f.offValue) ?? 0) : null,
      percentBp: f.offType === 'percent' ? Math.round((num(f.offValue) ?? 0) * 100) : null,
      capPaise: f.offType === 'percent' ? paise(f.cap) : null,
    },
  };
}
