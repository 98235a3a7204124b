import { z } from 'zod';
import { IDENTIFIER_MESSAGE, parseIdentifier } from './account';

/**
 * Administration's staff calls (`/s/api/admin/staff*`): the website's members with their flags
 * (spec §6). hasAdminAccess, isSalesAgent and isCashier are per website; superadmin is global and
 * only a superadmin grants or removes it. A cashier works the point of sale only (no
 * Administration, no closing another cashier's shift: that is an admin's, a manager's, call).
 */
export const staffFlagsSchema = z.object({
  hasAdminAccess: z.boolean(),
  isSalesAgent: z.boolean(),
  isCashier: z.boolean().default(false),
  superadmin: z.boolean(),
});
export type StaffFlags = z.infer<typeof staffFlagsSchema>;

/** POST /s/api/admin/staff: a person by email or mobile (they sign in with a code); a name when they have no account yet. */
export const addStaffInputSchema = staffFlagsSchema.extend({
  identifier: z
    .string()
    .trim()
    .min(1, IDENTIFIER_MESSAGE)
    .max(254)
    .refine((s) => parseIdentifier(s) !== null, IDENTIFIER_MESSAGE),
  name: z.string().trim().max(80, 'At most 80 characters').default(''),
});
export type AddStaffInput = z.input<typeof addStaffInputSchema>;

export const staffMemberSchema = staffFlagsSchema.extend({
  userId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** the person asking */
  isMe: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = z.object({
  data: z.array(staffMemberSchema),
  /** whether the person asking may grant or remove superadmin */
  canGrantSuperadmin: z.boolean(),
});
export type StaffList = z.infer<typeof staffListSchema>;
