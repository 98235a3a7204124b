import { z } from 'zod';

/**
 * The shopper's data rights (India's Digital Personal Data Protection Act 2023): a copy of their
 * data (GET /s/api/account/export, .csv), erasure (POST /s/api/account/delete) and consent before
 * the shop's analytics may know who they are (PUT /s/api/account/consent).
 */

/** CGST Act 2017 s.36: accounts and invoices are kept 72 months after the year's annual return is due, about 8 years. */
export const GST_RETENTION_YEARS = 8;
/** What an erased account's name becomes, on the user and on the orders kept for GST. */
export const DELETED_CUSTOMER_NAME = 'Deleted customer';

export const exportAddressSchema = z.object({
  name: z.string(),
  phone: z.string(),
  pincode: z.string(),
  line1: z.string(),
  line2: z.string(),
  landmark: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  type: z.string(),
  is_default: z.boolean(),
  created_at: z.string(),
});

export const exportOrderSchema = z.object({
  id: z.string(),
  ordernumber: z.string(),
  status: z.string(),
  channel: z.string(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  payment_method: z.string(),
  address: exportAddressSchema.omit({ is_default: true, created_at: true }),
  slot: z.object({ date: z.string().nullable(), start: z.string().nullable(), end: z.string().nullable() }),
  notes: z.string().nullable(),
  coupon: z.string().nullable(),
  /** rupees */
  items_total: z.number(),
  discount: z.number(),
  delivery_charge: z.number(),
  total: z.number(),
  lines: z.array(
    z.object({
      product: z.string(),
      pack: z.string(),
      hsn_code: z.string(),
      gst_rate: z.number(),
      price: z.number(),
      mrp: z.number(),
      quantity: z.number().int(),
      amount: z.number(),
    }),
  ),
  payments: z.array(
    z.object({
      provider: z.string(),
      status: z.string(),
      amount: z.number(),
      refunded: z.number(),
      created_at: z.string(),
    }),
  ),
});
export type ExportOrder = z.infer<typeof exportOrderSchema>;

/** GET /s/api/account/export: everything the shop holds about the signed-in shopper on this website. */
export const accountExportSchema = z.object({
  exported_at: z.string(),
  website: z.object({ id: z.number().int(), name: z.string() }),
  profile: z.object({
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    created_at: z.string(),
    member_since: z.string().nullable(),
    analytics_consent: z.boolean(),
  }),
  addresses: z.array(exportAddressSchema),
  orders: z.array(exportOrderSchema),
  wishlists: z.array(
    z.object({ name: z.string(), products: z.array(z.object({ product_id: z.number().int(), name: z.string(), added_at: z.string() })) }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

export const DELETE_CONFIRM_MESSAGE = 'Confirm that you want to delete your account';
/** POST /s/api/account/delete: `confirm` must be true (the dialog's button), so a stray call erases nothing. */
export const deleteAccountBodySchema = z.object({
  confirm: z.literal(true, { error: DELETE_CONFIRM_MESSAGE }),
});
export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true), orders_kept: z.number().int() });

/** PUT /s/api/account/consent: the shopper's choice about the shop's analytics. */
export const consentBodySchema = z.object({ analytics: z.boolean() });
export const consentResponseSchema = z.object({ analytics: z.boolean() });
export const CONSENT_LABEL = "Help improve the shop: share my activity with the shop's analytics";
