import { z } from 'zod';

/**
 * What the staff app's HTML shell carries (`<script id="__STAFF__">`): the website and the person
 * signed in on the shared session (null when signed out), so the app decides at once between
 * sign-in, "not allowed" and the screens. The server still refuses every staff call by itself.
 */
export const staffBootSchema = z.object({
  website: z.object({ id: z.number().int(), name: z.string() }),
  /** the managed website's storefront when it is not this host's (issue 16): its primary domain's address */
  storefront: z.string().optional(),
  user: z
    .object({
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      superadmin: z.boolean(),
      hasAdminAccess: z.boolean(),
      /** the point of sale only (`/pos`) */
      isCashier: z.boolean().default(false),
      /** the other roles of `staff-roles.ts` (what the person's screens are) */
      isPacker: z.boolean().default(false),
      isDeliveryManager: z.boolean().default(false),
      isCatalogueEditor: z.boolean().default(false),
      isAccountant: z.boolean().default(false),
      isSalesAgent: z.boolean().default(false),
      /** delivers orders (`/rider`, issue 45) */
      isRider: z.boolean().default(false),
    })
    .nullable(),
});
export type StaffBoot = z.infer<typeof staffBootSchema>;
