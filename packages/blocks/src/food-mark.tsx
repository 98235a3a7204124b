import { FOOD_TYPE_LABELS, type FoodType } from '@grocer/shared/food-types';

/**
 * The food type mark printed on Indian food packs (FSSAI): a green square with a green dot for
 * vegetarian; a brown square with a brown triangle for non-vegetarian (the 2022 symbol), which
 * egg products carry too. Nothing for goods that are not food or when the shop has not said.
 */
export function FoodMark({ type, size = 14 }: { type: FoodType | null | undefined; size?: number }) {
  if (!type || type === 'not_food') return null;
  const veg = type === 'veg';
  const colour = veg ? '#15803d' : '#7c2d12';
  return (
    <svg role="img" aria-label={FOOD_TYPE_LABELS[type]} width={size} height={size} viewBox="0 0 14 14" className="inline-block shrink-0">
      <title>{FOOD_TYPE_LABELS[type]}</title>
      <rect x="0.75" y="0.75" width="12.5" height="12.5" rx="1.5" fill="#fff" stroke={colour} strokeWidth="1.5" />
      {veg ? <circle cx="7" cy="7" r="3.4" fill={colour} /> : <path d="M7 3.2 L10.6 10.2 L3.4 10.2 Z" fill={colour} />}
    </svg>
  );
}
