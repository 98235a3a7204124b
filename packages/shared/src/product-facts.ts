import { z } from 'zod';

// The food types and their words live in a zod-free module (the storefront's cards need them in
// the first load); re-exported here beside the contracts.
export { FOOD_TYPES, FOOD_TYPE_LABELS, type FoodType } from './food-types';
import { FOOD_TYPES } from './food-types';

/** A row of the nutrition table: the nutrient and its amount per 100 g or 100 ml, as printed ("3.2 g"). */
export const nutritionRowSchema = z.object({
  nutrient: z.string().trim().min(1, 'Nutrient is required').max(60, 'Nutrient is too long'),
  per_100: z.string().trim().min(1, 'Amount per 100 g/ml is required').max(30, 'Amount is too long'),
});
export type NutritionRow = z.infer<typeof nutritionRowSchema>;

/** An FSSAI food business licence or registration number: 14 digits. */
export const FSSAI_PATTERN = /^\d{14}$/;

/** The product's facts as the editor saves them and the storefront reads them. */
export const productFactsSchema = z.object({
  /** '' when the product has none (or is not food) */
  fssai_licence: z
    .string()
    .trim()
    .refine((s) => s === '' || FSSAI_PATTERN.test(s), 'FSSAI licence number is 14 digits'),
  ingredients: z.string().trim().max(4000, 'Ingredients can be at most 4000 characters'),
  nutrition: z.array(nutritionRowSchema).max(30, 'At most 30 nutrition rows'),
  /** null: not said */
  food_type: z.enum(FOOD_TYPES).nullable(),
});
export type ProductFacts = z.infer<typeof productFactsSchema>;

export const EMPTY_FACTS: ProductFacts = { fssai_licence: '', ingredients: '', nutrition: [], food_type: null };

/** A product's approved reviews in short: the average of their ratings (one decimal) and how many. */
export const ratingSummarySchema = z.object({ average: z.number(), count: z.number().int() });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export { ratingAverage } from './food-types';
