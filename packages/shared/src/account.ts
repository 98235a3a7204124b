import { z } from 'zod';
import { cartSchema } from './cart';
import { userSchema } from './storefront';
import { EMAIL_PATTERN, MOBILE_MESSAGE, MOBILE_PATTERN, PINCODE_MESSAGE, PINCODE_PATTERN } from './validation';

/** How long a sign-in code lives, how often it may be re-sent, how many tries it allows (DESIGN §5). */
export const CODE_TTL_SECONDS = 600;
export const RESEND_AFTER_SECONDS = 30;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_PATTERN = /^\d{6}$/;

export type Identifier = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

/**
 * An email (trimmed, lowercased) or a 10-digit Indian mobile starting 6–9; spaces, dashes,
 * brackets and a leading +91, 91 or 0 are dropped from a number first. Null when it is neither.
 */
export function parseIdentifier(input: string): Identifier | null {
  const s = input.trim();
  if (s.includes('@')) {
    const email = s.toLowerCase();
    return EMAIL_PATTERN.test(email) && email.length <= 254 ? { kind: 'email', value: email } : null;
  }
  let digits = s.replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(digits)) return null;
  digits = digits.replace(/^\+/, '');
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return MOBILE_PATTERN.test(digits) ? { kind: 'phone', value: digits } : null;
}

export const IDENTIFIER_MESSAGE = 'Enter a valid email or 10-digit mobile number';

/** 'ad***@demo.shop', '******0003': where a code went, without printing it whole. */
export function maskIdentifier(id: Identifier): string {
  if (id.kind === 'phone') return `******${id.value.slice(-4)}`;
  const [local = '', domain = ''] = id.value.split('@');
  return `${local.slice(0, Math.min(2, local.length))}***@${domain}`;
}

/** The 28 states and 8 union territories of India, for the address form. */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;

export const identifierField = z
  .string()
  .max(320)
  .transform((s, ctx) => {
    const id = parseIdentifier(s);
    if (!id) {
      ctx.addIssue({ code: 'custom', message: IDENTIFIER_MESSAGE });
      return z.NEVER;
    }
    return id;
  });

const nameField = z.string().trim().min(2, 'Name must have at least 2 characters').max(80, 'Name is too long');
const emailField = z.string().trim().toLowerCase().regex(EMAIL_PATTERN, 'Email is not a valid email address');
const phoneField = z.string().trim().regex(MOBILE_PATTERN, MOBILE_MESSAGE);

export const loginBodySchema = z.object({ identifier: identifierField });
export const registerBodySchema = z.object({ name: nameField, email: emailField, phone: phoneField });
export type RegisterBody = z.input<typeof registerBodySchema>;
const codeField = z.string().trim().regex(CODE_PATTERN, 'Enter the 6-digit code');
/** `also_code`: the code sent to the second identifier (a registration's mobile), when there is one. */
export const verifyBodySchema = z.object({ identifier: identifierField, code: codeField, also_code: codeField.optional() });

const destinationSchema = z.object({ identifier: z.string(), channel: z.enum(['email', 'sms']), sent_to: z.string() });

/**
 * What login and register answer: where the code went and when another may be asked for. An
 * identifier is saved only once a code sent to it is entered, so a registration (or a change of
 * both email and mobile) sends a second code, to `also`.
 */
export const codeSentSchema = destinationSchema.extend({
  resend_after: z.number().int(),
  expires_in: z.number().int(),
  also: destinationSchema.optional(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

/** Under the second code field when it is missing. */
export const ALSO_CODE_MESSAGE = 'Enter the 6-digit code sent to your mobile';

export const verifyResponseSchema = z.object({
  user: userSchema,
  cart: cartSchema,
  /** lines of the guest cart (before signing in) that were added to the cart the user already had */
  cart_merged: z.number().int().nonnegative().default(0),
});

export const accountSchema = z.object({
  user: userSchema,
  counts: z.object({
    addresses: z.number().int(),
    wishlists: z.number().int(),
    wishlist_items: z.number().int(),
    orders: z.number().int(),
  }),
  /** filled by the orders domain; empty until the shopper has orders */
  recent_orders: z.array(
    z.object({
      id: z.string(),
      ordernumber: z.string(),
      created_at: z.string(),
      status: z.string(),
      total: z.number(),
      items: z.number().int(),
    }),
  ),
});
export type Account = z.infer<typeof accountSchema>;

export const detailsBodySchema = z.object({ name: nameField, email: emailField, phone: phoneField });
export type DetailsBody = z.input<typeof detailsBodySchema>;
export const detailsResponseSchema = z.object({ user: userSchema, pending: codeSentSchema.nullable() });
export const detailsVerifyResponseSchema = z.object({ user: userSchema });
export const detailsVerifyBodySchema = z.object({ code: codeField, also_code: codeField.optional() });

export const ADDRESS_TYPES = ['home', 'work', 'other'] as const;

export const addressInputSchema = z.object({
  name: nameField,
  phone: phoneField,
  pincode: z.string().trim().regex(PINCODE_PATTERN, PINCODE_MESSAGE),
  line1: z.string().trim().min(1, 'House / flat / building is required').max(120),
  line2: z.string().trim().min(1, 'Street / area is required').max(120),
  landmark: z
    .string()
    .trim()
    .max(120)
    .nullish()
    .transform((v) => v || null),
  city: z.string().trim().min(1, 'City is required').max(60),
  state: z.enum(INDIAN_STATES, { message: 'Choose a state or union territory' }),
  type: z.enum(ADDRESS_TYPES).default('home'),
  is_default: z.boolean().optional(),
});
export type AddressInput = z.input<typeof addressInputSchema>;

export const addressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  pincode: z.string(),
  line1: z.string(),
  line2: z.string(),
  landmark: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  type: z.enum(ADDRESS_TYPES),
  is_default: z.boolean(),
  /** whether the shop delivers to the pincode, and what it says about it */
  serviceable: z.boolean(),
  delivery_message: z.string().nullable(),
});
export type Address = z.infer<typeof addressSchema>;
export const addressListSchema = z.object({ data: z.array(addressSchema) });

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms', 'push', 'whatsapp']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.string(),
  created_at: z.string(),
});
/** GET /s/api/dev/outbox (outside production): newest first. */
export const outboxListSchema = z.object({ data: z.array(outboxMessageSchema) });
