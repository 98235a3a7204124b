import { z } from 'zod';
import { IDENTIFIER_MESSAGE, parseIdentifier } from './account';
import type { StaffRoleFlag } from './staff-roles';

/**
 * Administration's staff calls (`/s/api/admin/staff*`): the website's members with their flags
 * (spec §6) and roles (`staff-roles.ts`: what each grants). The roles are per website; superadmin is
 * global and only a superadmin grants or removes it. Nothing is ticked by default: a person added
 * with no role is refused.
 */
export const staffRoleFlagsSchema = z.object({
  hasAdminAccess: z.boolean().default(false),
  isSalesAgent: z.boolean().default(false),
  isCashier: z.boolean().default(false),
  isPacker: z.boolean().default(false),
  isDeliveryManager: z.boolean().default(false),
  isCatalogueEditor: z.boolean().default(false),
  isAccountant: z.boolean().default(false),
  isRider: z.boolean().default(false),
} satisfies Record<StaffRoleFlag, z.ZodType>);

export const staffFlagsSchema = staffRoleFlagsSchema.extend({
  superadmin: z.boolean().default(false),
});
export type StaffFlags = z.infer<typeof staffFlagsSchema>;

/** POST /s/api/admin/staff: a person by email or mobile (they sign in with a code); a name when they have no account yet. */
export const addStaffInputSchema = staffFlagsSchema
  .extend({
    identifier: z
      .string()
      .trim()
      .min(1, IDENTIFIER_MESSAGE)
      .max(254)
      .refine((s) => parseIdentifier(s) !== null, IDENTIFIER_MESSAGE),
    name: z.string().trim().max(80, 'At most 80 characters').default(''),
  })
  .refine((f) => Object.entries(f).some(([k, v]) => k !== 'identifier' && k !== 'name' && v === true), {
    message: 'Choose at least one role for this person',
    path: ['hasAdminAccess'],
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
