/**
 * What a grocery shopper reads on a pack (issue 39, point 15): the FSSAI licence, ingredients, the
 * nutrition table and the food type mark. `not_food` is for soap, detergent and the like: no mark.
 * The tuple is shared by the database's check constraint (migration 0034) and the editor.
 */
export const FOOD_TYPES = ['veg', 'non_veg', 'egg', 'not_food'] as const;
export type FoodType = (typeof FOOD_TYPES)[number];

/** What the mark says to a screen reader, and the editor's choices. */
export const FOOD_TYPE_LABELS: Record<FoodType, string> = {
  veg: 'Vegetarian',
  non_veg: 'Non-vegetarian',
  egg: 'Contains egg',
  not_food: 'Not food',
};

/** The average shown for `count` ratings adding up to `total`: one decimal, as shops print it. */
export function ratingAverage(total: number, count: number): number {
  return count === 0 ? 0 : Math.round((total / count) * 10) / 10;
}
