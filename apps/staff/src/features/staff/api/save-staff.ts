import { staffMemberSchema, type AddStaffInput, type StaffFlags } from '@grocer/shared/admin-staff';
import { apiChecked } from '@grocer/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /s/api/admin/staff: adds a person by email or mobile. */
export function useAddStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AddStaffInput) => apiChecked('/api/admin/staff', async () => staffMemberSchema, { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}

/** PUT /s/api/admin/staff/{userId}: a person's flags (all false: no longer staff). */
export function useUpdateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, flags }: { userId: number; flags: StaffFlags }) =>
      apiChecked(`/api/admin/staff/${userId}`, async () => staffMemberSchema, { method: 'PUT', body: flags }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}
