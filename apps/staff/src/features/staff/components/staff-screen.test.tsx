import type { StaffMember } from '@grocer/shared/admin-staff';
import { ApiError } from '@grocer/shared/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorAt, field, type } from '../../../test/fields';
import { apiChecked, toast, resetFormApi } from '../../../test/form-api';

// Administration → Staff: the people in the shared data table (searched and paged in the address),
// each role a checkbox saved at once; a person added by email or mobile with their roles, checked
// by the shared contract (addStaffInputSchema) at each field before sending.

const { StaffScreen } = await import('./staff-screen');

const none = {
  hasAdminAccess: false,
  isSalesAgent: false,
  isCashier: false,
  isPacker: false,
  isDeliveryManager: false,
  isCatalogueEditor: false,
  isAccountant: false,
  isRider: false,
  superadmin: false,
};
const asha: StaffMember = {
  ...none,
  hasAdminAccess: true,
  userId: 1,
  name: 'Asha Owner',
  email: 'admin@demo.shop',
  phone: null,
  isMe: true,
};
const ravi: StaffMember = { ...none, isSalesAgent: true, userId: 2, name: 'Ravi Agent', email: null, phone: '9000000001', isMe: false };

// the server: the staff, and a person added or a member's flags saved (or refused)
let add: (body: Record<string, unknown>) => Promise<unknown>;
beforeEach(() => {
  resetFormApi();
  add = async (body) => ({ ...none, ...body, userId: 9, name: body.name, email: body.identifier, phone: null, isMe: false });
  apiChecked.mockImplementation(async (path: string, method: string, body: Record<string, unknown>) => {
    if (method === 'GET') return { data: [asha, ravi], canGrantSuperadmin: false };
    if (method === 'POST') return add(body);
    return { ...(path.endsWith('/2') ? ravi : asha), ...body };
  });
});
const sent = () => apiChecked.mock.calls.filter(([, method]) => method !== 'GET');

async function show(at = '') {
  window.history.replaceState(null, '', `/bos/admin/staff${at}`);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <StaffScreen />
      </BrowserRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('table', { name: 'Staff' });
}
const table = () => screen.getByRole('table', { name: 'Staff' });
const rows = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).queryAllByRole('cell'));
const roles = () => within(screen.getByRole('group', { name: 'What they do here' }));
const box = (name: RegExp | string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('the staff list', () => {
  it('shows each person as before: name (You for oneself), email or mobile, a checkbox per role, Remove for others', async () => {
    await show();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email · mobile', 'Roles', 'Actions']);
    expect(rows().map((cells) => [cells[0]!.textContent, cells[1]!.textContent, cells[3]!.textContent])).toEqual([
      ['Asha OwnerYou', 'admin@demo.shop', ''],
      ['Ravi Agent', '9000000001', 'Remove Ravi Agent'],
    ]);
    // one's own admin box is locked; superadmin is not shown to one who cannot grant it
    expect(box('Admin: Asha Owner').disabled).toBe(true);
    expect(box('Admin: Ravi Agent').disabled).toBe(false);
    expect(box('Sales agent: Ravi Agent').checked).toBe(true);
    expect(screen.queryByRole('checkbox', { name: 'Superadmin: Ravi Agent' })).toBeNull();
  });

  it('a search in the address keeps the people it names; typing one puts it there', async () => {
    await show('?q=9000000001');
    await waitFor(() => expect(rows().map((cells) => cells[0]!.textContent)).toEqual(['Ravi Agent']));
    type('Search by name, mobile or email', 'demo.shop');
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('q')).toBe('demo.shop'));
    expect(rows().map((cells) => cells[0]!.textContent)).toEqual(['Asha OwnerYou']);
    type('Search by name, mobile or email', 'kiran');
    fireEvent.submit(screen.getByRole('search'));
    await within(table()).findByText('No one matches this search.');
  });

  it('a role ticked is saved at once with every flag of the person; Remove sends no role', async () => {
    await show();
    fireEvent.click(box('Packer: Ravi Agent'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Ravi Agent updated'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ravi Agent' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Ravi Agent is no longer staff'));
    expect(sent()).toEqual([
      ['/api/admin/staff/2', 'PUT', { ...none, isSalesAgent: true, isPacker: true }],
      ['/api/admin/staff/2', 'PUT', none],
    ]);
  });
});

describe('adding a person', () => {
  it('nothing is ticked; the shared schema’s messages show at their fields and nothing is sent', async () => {
    await show();
    expect(
      roles()
        .getAllByRole('checkbox')
        .every((b) => !(b as HTMLInputElement).checked),
    ).toBe(true);
    type('Email or mobile', 'kiran@');
    type('Name', 'K'.repeat(81));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(errorAt('Email or mobile')).toBe('Enter a valid email or 10-digit mobile number'));
    expect(errorAt('Name')).toBe('At most 80 characters');
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one role for this person');
    expect(screen.getByRole('group', { name: 'What they do here' }).getAttribute('aria-describedby')).toBe('add-roles-error');
    // a role ticked answers the roles' message
    fireEvent.click(roles().getByRole('checkbox', { name: /^Packer/ }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(sent()).toEqual([]);
  });

  it('sends the person as typed with every flag, then the form is empty again', async () => {
    await show();
    type('Email or mobile', 'kiran.packer@example.com');
    type('Name', 'Kiran Packer');
    fireEvent.click(roles().getByRole('checkbox', { name: /^Packer/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Kiran Packer added. They sign in with a code sent to kiran.packer@example.com.'),
    );
    expect(sent()).toEqual([
      ['/api/admin/staff', 'POST', { identifier: 'kiran.packer@example.com', name: 'Kiran Packer', ...none, isPacker: true }],
    ]);
    await waitFor(() => expect(field('Email or mobile').value).toBe(''));
    expect((roles().getByRole('checkbox', { name: /^Packer/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('the server’s 422 lands on its field; the form keeps what was typed', async () => {
    add = () =>
      Promise.reject(
        new ApiError(422, {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid',
          errors: { identifier: ['Ravi Agent is already staff here'] },
        }),
      );
    await show();
    type('Email or mobile', '9000000001');
    fireEvent.click(roles().getByRole('checkbox', { name: /^Cashier/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(errorAt('Email or mobile')).toBe('Ravi Agent is already staff here'));
    expect(errorAt('Name')).toBeNull();
    expect(sent()).toEqual([['/api/admin/staff', 'POST', { identifier: '9000000001', name: '', ...none, isCashier: true }]]);
    expect(field('Email or mobile').value).toBe('9000000001');
    expect(toast.success).not.toHaveBeenCalled();
  });
});
