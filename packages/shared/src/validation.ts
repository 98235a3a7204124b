/**
 * Form validation of spec §5, in its exact order:
 * 1 read-only → valid; 2 a custom validator overrides the rest; 3 optional and empty → valid;
 * 4 required must be non-empty (number 0 allowed) → '{label} is required' ('This field' without a
 * label); 5 type email must match → '{label} is not a valid email address'; 6 a pattern must match
 * → its message or '{label} is not in valid format'.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9_.-]+@([A-Za-z0-9-]+\.)+[A-Za-z]{2,4}$/;
/** Spec §5: 10 digits starting with 6, 7, 8 or 9. */
export const MOBILE_PATTERN = /^[6-9][0-9]{9}$/;
/** The one message for a mobile number that breaks MOBILE_PATTERN, in the browser and the server. */
export const MOBILE_MESSAGE = 'Mobile must be 10 digits starting with 6, 7, 8 or 9';
/** Spec §9: the pincode modal sends nothing shorter than this. */
export const PINCODE_MIN_LENGTH = 6;
/** Indian pincodes: six digits, the first not zero (what the server accepts anywhere). */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;
/** A pincode that breaks PINCODE_PATTERN in a form field (the modal's is the spec's 'Please enter a valid pincode'). */
export const PINCODE_MESSAGE = 'Pincode must be 6 digits';
/** Icon names: lowercase alphanumeric words joined by hyphens. */
export const ICON_NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface FieldRule {
  label?: string;
  type?: 'text' | 'email' | 'number' | 'tel' | 'password' | string;
  required?: boolean;
  readOnly?: boolean;
  pattern?: RegExp;
  patternMessage?: string;
  /** returns an error message, or null/undefined/'' when valid */
  validate?: (value: unknown) => string | null | undefined;
}

const isEmpty = (value: unknown, type?: string) => {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number') return type === 'number' ? Number.isNaN(value) : false;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
};

/** The first error for a value, or null when it passes. */
export function validateField(rule: FieldRule, value: unknown): string | null {
  const label = rule.label || 'This field';
  if (rule.readOnly) return null;
  if (rule.validate) return rule.validate(value) || null;
  const empty = isEmpty(value, rule.type);
  if (!rule.required && empty) return null;
  if (rule.required && empty) return `${label} is required`;
  const text = String(value);
  if (rule.type === 'email' && !EMAIL_PATTERN.test(text)) return `${label} is not a valid email address`;
  if (rule.pattern && !rule.pattern.test(text)) return rule.patternMessage || `${label} is not in valid format`;
  return null;
}

/** Errors of every failing field; the form submits only when this is empty. */
export function validateForm<K extends string>(rules: Record<K, FieldRule>, values: Record<K, unknown>): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const key of Object.keys(rules) as K[]) {
    const e = validateField(rules[key], values[key]);
    if (e) errors[key] = e;
  }
  return errors;
}

/** Form rules for the fields both the browser and the server check. */
export const mobileRule: FieldRule = {
  label: 'Mobile',
  type: 'tel',
  required: true,
  pattern: MOBILE_PATTERN,
  patternMessage: MOBILE_MESSAGE,
};
export const pincodeRule: FieldRule = { label: 'Pincode', required: true, pattern: PINCODE_PATTERN, patternMessage: PINCODE_MESSAGE };

export const isEmail = (s: string) => EMAIL_PATTERN.test(s.trim());
export const isMobile = (s: string) => MOBILE_PATTERN.test(s.trim());
