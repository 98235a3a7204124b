import { addStaffInputSchema, type StaffFlags, type StaffMember } from '@grocer/shared/admin-staff';
import { STAFF_ROLE_FLAGS, STAFF_ROLES } from '@grocer/shared/staff-roles';
import { ApiError } from '@grocer/shared/api-client';
import { useState } from 'react';
import { toast } from 'sonner';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { LoadingView } from '../../../components/ui/loading';
import { errorMessage } from '../../../lib/error-message';
import { useStaff } from '../api/get-staff';
import { useAddStaff, useUpdateStaff } from '../api/save-staff';
import { t } from '../../../lib/i18n';

/** Every role a person may hold here (packages/shared/src/staff-roles.ts), and superadmin. */
const FLAGS: Array<{ key: keyof StaffFlags; label: string; hint: string }> = [
  ...STAFF_ROLE_FLAGS.map((key) => ({ key, label: STAFF_ROLES[key].label, hint: STAFF_ROLES[key].hint })),
  { key: 'superadmin', label: t('Superadmin'), hint: t('Every website; only a superadmin grants it') },
];
const NO_ROLE: StaffFlags = { ...roleless(), superadmin: false };
function roleless(): Omit<StaffFlags, 'superadmin'> {
  return Object.fromEntries(STAFF_ROLE_FLAGS.map((f) => [f, false])) as Omit<StaffFlags, 'superadmin'>;
}
const flagsOf = (m: StaffFlags): StaffFlags => Object.fromEntries(FLAGS.map((f) => [f.key, m[f.key]])) as StaffFlags;

type AddErrors = Partial<Record<'identifier' | 'name' | 'roles', string>>;

/** Adds a person by email or mobile; they sign in with a code sent there. */
function AddStaff({ canGrantSuperadmin }: { canGrantSuperadmin: boolean }) {
  // nothing ticked: the owner chooses what this person does (a cashier once became an agent by default)
  const empty = { identifier: '', name: '', ...NO_ROLE };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<AddErrors>({});
  const add = useAddStaff();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const checked = addStaffInputSchema.safeParse(form);
    if (!checked.success) {
      const found: AddErrors = {};
      for (const i of checked.error.issues) {
        const key = i.path[0] === 'identifier' || i.path[0] === 'name' ? i.path[0] : 'roles';
        found[key] ??= i.message;
      }
      return setErrors(found);
    }
    try {
      const m = await add.mutateAsync(form);
      toast.success(t('{name} added. They sign in with a code sent to {value}.', { name: m.name, value: m.email ?? m.phone }));
      setForm(empty);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length)
        setErrors(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0]])) as AddErrors);
      else toast.error(errorMessage(err));
    }
  };
  return (
    <Card title={t('Add a person')}>
      <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-[1fr_1fr_auto] md:items-start">
        <Field label={t('Email or mobile')} error={errors.identifier} hint={t('They sign in with a code sent here.')}>
          {(a) => (
            <input
              {...a}
              value={form.identifier}
              onChange={(e) => (setForm({ ...form, identifier: e.target.value }), setErrors({ ...errors, identifier: undefined }))}
              autoComplete="off"
              className={inputClass}
            />
          )}
        </Field>
        <Field label={t('Name')} error={errors.name} hint={t('Needed when they have no account yet.')}>
          {(a) => (
            <input
              {...a}
              value={form.name}
              onChange={(e) => (setForm({ ...form, name: e.target.value }), setErrors({ ...errors, name: undefined }))}
              className={inputClass}
            />
          )}
        </Field>
        <div className="md:pt-6">
          <button
            type="submit"
            disabled={add.isPending}
            className="rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
          >
            {add.isPending ? t('Adding…') : t('Add')}
          </button>
        </div>
        <fieldset className="md:col-span-3" aria-describedby={errors.roles ? 'add-roles-error' : undefined}>
          <legend className="text-sm font-medium">{t('What they do here')}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {FLAGS.filter((f) => f.key !== 'superadmin' || canGrantSuperadmin).map((f) => (
              <label key={f.key} className="flex items-start gap-2 rounded-md border p-2 text-sm has-[:checked]:border-teal-600">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4"
                  checked={form[f.key]}
                  onChange={(e) => (setForm({ ...form, [f.key]: e.target.checked }), setErrors({ ...errors, roles: undefined }))}
                />
                <span>
                  <span className="font-medium">{f.label}</span>
                  <span className="block text-xs text-gray-600">{f.hint}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.roles && (
            <p id="add-roles-error" role="alert" className="mt-2 text-sm text-red-700">
              {errors.roles}
            </p>
          )}
        </fieldset>
      </form>
    </Card>
  );
}

/** One person's flags as checkboxes, each change saved at once (the server's rules say no with a reason). */
function StaffRow({ member, canGrantSuperadmin }: { member: StaffMember; canGrantSuperadmin: boolean }) {
  const update = useUpdateStaff();
  const toggle = (key: keyof StaffFlags, value: boolean) =>
    update.mutate(
      { userId: member.userId, flags: { ...flagsOf(member), [key]: value } },
      { onSuccess: (m) => toast.success(t('{name} updated', { name: m.name })), onError: (e) => toast.error(errorMessage(e)) },
    );
  return (
    <tr className="border-b last:border-0">
      <td className="px-4 py-3">
        <span className="font-medium">{member.name}</span>
        {member.isMe && <span className="ml-2 rounded bg-teal-50 px-1.5 text-xs font-medium text-teal-800">{t('You')}</span>}
      </td>
      <td className="px-4 py-3 text-gray-600">{[member.email, member.phone].filter(Boolean).join(' · ')}</td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {FLAGS.map((f) => {
            // Your own admin access is not yours to remove; superadmin only a superadmin changes.
            const locked =
              (f.key === 'superadmin' && !canGrantSuperadmin) ||
              (member.isMe && (f.key === 'hasAdminAccess' || f.key === 'superadmin') && member[f.key]);
            if (f.key === 'superadmin' && !canGrantSuperadmin && !member.superadmin) return null;
            return (
              <label key={f.key} className="flex min-h-8 items-center gap-1.5 whitespace-nowrap">
                <input
                  type="checkbox"
                  className="size-4"
                  aria-label={`${f.label}: ${member.name}`}
                  checked={member[f.key]}
                  disabled={update.isPending || !!locked}
                  title={locked ? (member.isMe ? t('You cannot remove your own access') : t('Only a superadmin changes this')) : f.hint}
                  onChange={(e) => toggle(f.key, e.target.checked)}
                />
                <span aria-hidden>{f.label}</span>
              </label>
            );
          })}
        </div>
      </td>
      <td className="px-4 py-3 text-right">
        {!member.isMe && (!member.superadmin || canGrantSuperadmin) && (
          <button
            type="button"
            disabled={update.isPending}
            onClick={() =>
              update.mutate(
                { userId: member.userId, flags: NO_ROLE },
                {
                  onSuccess: (m) => toast.success(t('{name} is no longer staff', { name: m.name })),
                  onError: (e) => toast.error(errorMessage(e)),
                },
              )
            }
            className="rounded-md border px-3 py-1 text-xs font-medium hover:bg-gray-50 disabled:opacity-50"
          >
            {t('Remove')}
            <span className="sr-only"> {member.name}</span>
          </button>
        )}
      </td>
    </tr>
  );
}

/** Staff: the people of this website with their access, and a way to add someone. */
export function StaffScreen() {
  const staff = useStaff();
  if (staff.isPending) return <LoadingView />;
  if (staff.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(staff.error)}
      </p>
    );
  const { data, canGrantSuperadmin } = staff.data;
  return (
    <div className="space-y-6">
      <AddStaff canGrantSuperadmin={canGrantSuperadmin} />
      <div tabIndex={0} role="region" aria-label={t('Staff')} className="overflow-x-auto rounded-lg border bg-white">
        <table className="w-full text-sm" aria-label={t('Staff')}>
          <thead className="border-b bg-gray-50 text-left text-xs uppercase tracking-wide text-gray-500">
            <tr>
              <th className="px-4 py-2 font-medium">{t('Name')}</th>
              <th className="px-4 py-2 font-medium">{t('Email · mobile')}</th>
              <th className="px-4 py-2 font-medium">{t('Roles')}</th>
              <th className="px-4 py-2">
                <span className="sr-only">{t('Actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((m) => (
              <StaffRow key={m.userId} member={m} canGrantSuperadmin={canGrantSuperadmin} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
