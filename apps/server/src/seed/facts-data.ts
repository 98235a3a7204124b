import type { FoodType, NutritionRow } from '@grocer/shared/product-facts';

/**
 * The demo products' facts (issue 39 §15): a 14-digit FSSAI licence per brand, ingredients and a
 * nutrition table per 100 g (or 100 ml) for packaged food, the veg mark for food, none for soap,
 * detergent and pooja goods. The figures are typical label values for each kind of product.
 */

type Profile = [energyKcal: number, protein: number, carbohydrate: number, sugars: number, fat: number, sodiumMg: number];

/** Typical label values per 100 g (ml for milk, curd drinks and juices), by the product's leaf category. */
const NUTRITION: Record<string, Profile> = {
  'Basmati Rice': [356, 7.1, 78.8, 0.1, 0.6, 5],
  'Sona Masoori Rice': [350, 6.8, 78.2, 0.1, 0.5, 5],
  'Poha & Rice Flakes': [346, 6.6, 77.3, 0.2, 1.2, 8],
  'Whole Wheat Atta': [341, 12.1, 69.4, 0.8, 1.7, 4],
  'Besan & Other Flours': [360, 14.5, 66.1, 1.1, 3.6, 20],
  'Toor & Moong Dal': [343, 22.3, 57.6, 2.1, 1.5, 17],
  'Chana, Masoor & Urad': [347, 21.9, 59.2, 2.4, 2.1, 24],
  'Cooking Oils': [884, 0, 0, 0, 100, 0],
  Ghee: [897, 0, 0, 0, 99.7, 0],
  'Powdered Spices': [325, 12.3, 54.2, 3.1, 9.8, 60],
  'Whole Spices': [375, 12.9, 51.4, 2.3, 15.6, 30],
  'Salt, Sugar & Jaggery': [387, 0, 99.8, 97.4, 0, 2],
  Milk: [62, 3.2, 4.8, 4.8, 3.3, 44],
  'Curd & Buttermilk': [60, 3.1, 4.5, 4.5, 3.2, 46],
  'Paneer, Butter & Cheese': [290, 17.9, 3.6, 2.4, 22.5, 420],
  'Bread & Buns': [265, 8.6, 49.2, 5.1, 3.2, 480],
  'Biscuits & Cookies': [478, 6.8, 70.4, 24.1, 18.6, 330],
  'Namkeen & Chips': [542, 10.4, 48.3, 3.6, 33.8, 780],
  'Chocolates & Sweets': [538, 6.1, 58.2, 49.6, 30.7, 80],
  'Noodles & Pasta': [382, 9.4, 69.8, 2.6, 6.9, 890],
  'Breakfast Cereals': [378, 9.8, 78.4, 8.2, 2.9, 310],
  'Pickles & Chutneys': [172, 1.8, 8.4, 2.6, 14.6, 2100],
  Tea: [1, 0, 0.3, 0, 0, 1],
  Coffee: [2, 0.1, 0.3, 0, 0, 2],
  'Juices & Drinks': [48, 0.2, 11.8, 11.4, 0, 12],
};

const INGREDIENTS: Record<string, (item: string) => string> = {
  'Biscuits & Cookies': () =>
    'Refined wheat flour (maida), sugar, edible vegetable oil (palm), invert sugar syrup, milk solids, raising agents [503(ii), 500(ii)], iodised salt, emulsifier (322).',
  'Namkeen & Chips': (item) =>
    `${item} base, edible vegetable oil (cottonseed, palmolein), iodised salt, red chilli powder, spices and condiments.`,
  'Chocolates & Sweets': (item) =>
    /chocolate/i.test(item)
      ? 'Sugar, cocoa butter, cocoa solids, milk solids, emulsifiers (322, 476), natural vanilla flavour.'
      : 'Sugar, milk solids, refined wheat flour, ghee, cardamom, water.',
  'Noodles & Pasta': (item) =>
    /pasta|vermicelli/i.test(item)
      ? 'Durum wheat semolina (100%).'
      : 'Refined wheat flour (maida), edible vegetable oil (palm), iodised salt, wheat gluten; masala tastemaker: spices, onion, garlic, sugar.',
  'Breakfast Cereals': (item) => `${item.replace(/ &.*/, '')} (92%), sugar, malt extract, iodised salt, vitamins and minerals.`,
  'Pickles & Chutneys': (item) =>
    `${item.replace(/ (Pickle|Chutney Powder)$/, '')}, mustard oil, iodised salt, red chilli powder, fenugreek, turmeric, asafoetida.`,
  'Juices & Drinks': (item) =>
    `Water, sugar, ${item.replace(/ (Drink|Juice|Sharbat|Soda)$/, '').toLowerCase()} concentrate, acidity regulator (330), preservative (211).`,
  'Bread & Buns': () => 'Wheat flour, water, sugar, yeast, edible vegetable oil, iodised salt, preservative (282).',
  'Paneer, Butter & Cheese': (item) =>
    /butter/i.test(item) ? 'Pasteurised cream, iodised salt.' : 'Pasteurised milk, citric acid, common salt.',
  'Curd & Buttermilk': () => 'Pasteurised toned milk, active lactic cultures.',
  Milk: () => 'Pasteurised milk.',
  'Powdered Spices': (item) => `${item} (100%).`,
  'Whole Spices': (item) => `${item} (100%).`,
};

/** Products that carry the brown mark: the butter cookies are made with egg. */
const WITH_EGG = new Set(['Butter Cookies']);

const NOT_FOOD = new Set(['Personal Care', 'Household', 'Pooja Needs']);

/** A licence number as FSSAI writes them: 1, the state's code, the year, the office and the business (14 digits). */
function licenceOf(brand: string): string {
  let h = 7;
  for (const ch of brand) h = (h * 31 + ch.charCodeAt(0)) % 1_000_000;
  const state = 10 + (h % 27);
  return `1${state}${String(15 + (h % 9)).padStart(2, '0')}${String(h % 1000).padStart(3, '0')}${String(h).padStart(6, '0')}`;
}

const table = ([energy, protein, carbs, sugars, fat, sodium]: Profile): NutritionRow[] => [
  { nutrient: 'Energy', per_100: `${energy} kcal` },
  { nutrient: 'Protein', per_100: `${protein} g` },
  { nutrient: 'Carbohydrate', per_100: `${carbs} g` },
  { nutrient: 'of which sugars', per_100: `${sugars} g` },
  { nutrient: 'Total fat', per_100: `${fat} g` },
  { nutrient: 'Sodium', per_100: `${sodium} mg` },
];

/** The facts of the demo product `item` of `brand` in the leaf category `leaf` under `top`. */
export function demoFacts(top: string, leaf: string, item: string, brand: string) {
  if (NOT_FOOD.has(top)) return { foodType: 'not_food' as FoodType };
  const foodType: FoodType = WITH_EGG.has(item) ? 'egg' : 'veg';
  // fresh produce is sold loose: no pack, no licence, no label
  if (top === 'Fruits & Vegetables') return { foodType };
  const profile = NUTRITION[leaf];
  return {
    foodType,
    fssaiLicence: licenceOf(brand),
    ingredients: INGREDIENTS[leaf]?.(item) ?? `${item} (100%).`,
    nutrition: profile ? table(profile) : [],
  };
}
