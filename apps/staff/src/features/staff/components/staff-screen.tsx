import { addStaffInputSchema, type StaffFlags, type StaffMember } from '@grocer/shared/admin-staff';
import { STAFF_ROLE_FLAGS, STAFF_ROLES } from '@grocer/shared/staff-roles';
import { ApiError } from '@grocer/shared/api-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { createColumnHelper } from '@tanstack/react-table';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { DataTable } from '../../../components/ui/data-table';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { LoadingView } from '../../../components/ui/loading';
import { contractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-message';
import { useListState, type ListDefaults } from '../../../lib/list-state';
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

/** The add form's fields as typed: the contract's names (the person, and every flag as a checkbox). */
type AddForm = { identifier: string; name: string } & StaffFlags;
/** What is sent: the form as typed (the server trims it). */
type AddBody = AddForm;
const FLAG_KEYS = FLAGS.map((f) => f.key);
// nothing ticked: the owner chooses what this person does (a cashier once became an agent by default)
const EMPTY: AddForm = { identifier: '', name: '', ...NO_ROLE };

const flagFields = Object.fromEntries(FLAG_KEYS.map((k) => [k, z.boolean()])) as Record<keyof StaffFlags, z.ZodBoolean>;
/**
 * The form's schema (for react-hook-form's zod resolver): the fields as typed are the API's body,
 * checked by the shared contract; its "choose a role" message (at `hasAdminAccess`) is shown under
 * the roles.
 */
const addFormSchema = contractForm(
  z.object({ identifier: z.string(), name: z.string(), ...flagFields }),
  (f): AddBody => f,
  addStaffInputSchema,
  'identifier',
);

/** Adds a person by email or mobile; they sign in with a code sent there. */
function AddStaff({ canGrantSuperadmin }: { canGrantSuperadmin: boolean }) {
  const add = useAddStaff();
  const { register, handleSubmit, formState, setError, reset } = useForm<AddForm, unknown, AddBody>({
    resolver: zodResolver(addFormSchema),
    defaultValues: EMPTY,
  });
  const errors = formState.errors;
  // the contract names the roles by their first flag; any flag's own message is about the roles too
  const rolesError = FLAG_KEYS.map((k) => errors[k]?.message).find(Boolean);
  const submit = handleSubmit(async (body) => {
    try {
      const m = await add.mutateAsync(body);
      toast.success(t('{name} added. They sign in with a code sent to {value}.', { name: m.name, value: m.email ?? m.phone }));
      reset(EMPTY);
    } catch (err) {
      const fields = err instanceof ApiError ? Object.entries(err.fieldErrors).filter(([, messages]) => messages[0]) : [];
      for (const [wire, messages] of fields)
        setError(wire === 'identifier' || wire === 'name' ? wire : 'hasAdminAccess', { type: 'server', message: messages[0] });
      if (fields.length === 0) toast.error(errorMessage(err));
    }
  });
  return (
    <Card title={t('Add a person')}>
      <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-[1fr_1fr_auto] md:items-start">
        <Field label={t('Email or mobile')} error={errors.identifier?.message} hint={t('They sign in with a code sent here.')}>
          {(a) => <input {...a} {...register('identifier')} autoComplete="off" className={inputClass} />}
        </Field>
        <Field label={t('Name')} error={errors.name?.message} hint={t('Needed when they have no account yet.')}>
          {(a) => <input {...a} {...register('name')} className={inputClass} />}
        </Field>
        <div className="md:pt-6">
          <button
            type="submit"
            disabled={formState.isSubmitting}
            className="rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
          >
            {formState.isSubmitting ? t('Adding…') : t('Add')}
          </button>
        </div>
        <fieldset className="md:col-span-3" aria-describedby={rolesError ? 'add-roles-error' : undefined}>
          <legend className="text-sm font-medium">{t('What they do here')}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {FLAGS.filter((f) => f.key !== 'superadmin' || canGrantSuperadmin).map((f) => (
              <label key={f.key} className="flex items-start gap-2 rounded-md border p-2 text-sm has-[:checked]:border-teal-600">
                {/* a tick checks the roles again once the form was sent (the message is about them all) */}
                <input type="checkbox" className="mt-0.5 size-4" {...register(f.key, { deps: FLAG_KEYS })} />
                <span>
                  <span className="font-medium">{f.label}</span>
                  <span className="block text-xs text-gray-600">{f.hint}</span>
                </span>
              </label>
            ))}
          </div>
          {rolesError && (
            <p id="add-roles-error" role="alert" className="mt-2 text-sm text-red-700">
              {rolesError}
            </p>
          )}
        </fieldset>
      </form>
    </Card>
  );
}

/** The list's view when its address says nothing (the server answers every member; search and pages are drawn here). */
export const DEFAULTS: ListDefaults = { sort: 'name', dir: 'asc', perPage: 50 };
const col = createColumnHelper<StaffMember>();

/** The people a search keeps: every word in their name, email or mobile. */
export function matches(m: StaffMember, q: string): boolean {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${m.name} ${m.email ?? ''} ${m.phone ?? ''}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

/** One person's flags as checkboxes, each change saved at once (the server's rules say no with a reason). */
function StaffRoles({ member, canGrantSuperadmin }: { member: StaffMember; canGrantSuperadmin: boolean }) {
  const update = useUpdateStaff();
  const toggle = (key: keyof StaffFlags, value: boolean) =>
    update.mutate(
      { userId: member.userId, flags: { ...flagsOf(member), [key]: value } },
      { onSuccess: (m) => toast.success(t('{name} updated', { name: m.name })), onError: (e) => toast.error(errorMessage(e)) },
    );
  return (
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
  );
}

/** Removes every role of a person at once: they are no longer staff here. */
function RemoveStaff({ member }: { member: StaffMember }) {
  const update = useUpdateStaff();
  return (
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
  );
}

/** Staff: the people of this website with their access (searched and paged in the address), and a way to add someone. */
export function StaffScreen() {
  const list = useListState(DEFAULTS);
  const staff = useStaff();
  if (staff.isPending) return <LoadingView />;
  if (staff.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(staff.error)}
      </p>
    );
  const { data, canGrantSuperadmin } = staff.data;
  const found = data.filter((m) => matches(m, list.q));
  const columns = [
    col.accessor('name', {
      header: t('Name'),
      cell: ({ row: { original: m } }) => (
        <span>
          <span className="font-medium">{m.name}</span>
          {m.isMe && <span className="ml-2 rounded bg-teal-50 px-1.5 text-xs font-medium text-teal-800">{t('You')}</span>}
        </span>
      ),
    }),
    col.display({
      id: 'contact',
      header: t('Email · mobile'),
      cell: ({ row: { original: m } }) => <span className="text-gray-600">{[m.email, m.phone].filter(Boolean).join(' · ')}</span>,
    }),
    col.display({
      id: 'roles',
      header: t('Roles'),
      cell: ({ row: { original: m } }) => <StaffRoles member={m} canGrantSuperadmin={canGrantSuperadmin} />,
    }),
    col.display({
      id: 'actions',
      header: () => <span className="sr-only">{t('Actions')}</span>,
      cell: ({ row: { original: m } }) =>
        !m.isMe &&
        (!m.superadmin || canGrantSuperadmin) && (
          <span className="flex justify-end">
            <RemoveStaff member={m} />
          </span>
        ),
    }),
  ];
  return (
    <div className="space-y-6">
      <AddStaff canGrantSuperadmin={canGrantSuperadmin} />
      <DataTable
        label={t('Staff')}
        columns={columns}
        rows={found.slice((list.page - 1) * list.perPage, list.page * list.perPage)}
        total={found.length}
        loading={staff.isFetching}
        getRowId={(m) => String(m.userId)}
        rowName={(m) => m.name}
        list={list}
        searchLabel={t('Search by name, mobile or email')}
        empty={list.q ? t('No one matches this search.') : t('No staff yet.')}
      />
    </div>
  );
}
