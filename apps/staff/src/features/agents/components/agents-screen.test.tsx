import type { AdminAgent } from '@grocer/shared/agents';
import { ApiError } from '@grocer/shared/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorAt as errorIn, field as fieldIn, type as typeIn } from '../../../test/fields';
import { apiChecked, resetFormApi } from '../../../test/form-api';

// Administration → Agents: an agent's commission rate and the customers assigned to them, each form
// checked by the shared contract (agentRateBodySchema, assignCustomerBodySchema) before sending; the
// server's refusal shown at the field.

const { AgentsScreen } = await import('./agents-screen');

const priya = { id: 12, name: 'Priya Shopper', email: null, phone: '9000000003' };
const agent: AdminAgent = { id: 5, name: 'Sales Agent', email: 'agent@demo.shop', phone: null, commission_rate: 2.5, customers: [] };
// the server: the agents, and an agent as a write leaves them, or a refusal
let write: (path: string, method: string, body: Record<string, unknown>) => Promise<unknown>;
beforeEach(() => {
  resetFormApi();
  write = async (path, _method, body) =>
    path.endsWith('/customers') ? { ...agent, customers: [priya] } : { ...agent, commission_rate: body.commission_rate };
  apiChecked.mockImplementation(async (path: string, method: string, body: never) =>
    method === 'GET' ? { data: [agent] } : write(path, method, body),
  );
});
const sent = () => apiChecked.mock.calls.filter(([, method]) => method !== 'GET');

async function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AgentsScreen />
    </QueryClientProvider>,
  );
  await screen.findByRole('region', { name: 'Sales Agent' });
}
const card = () => within(screen.getByRole('region', { name: 'Sales Agent' }));
const type = (label: string, value: string) => typeIn(label, value, card());
const errorAt = (label: string) => errorIn(label, card());
const button = (name: string) => card().getByRole('button', { name }) as HTMLButtonElement;
const RATE = 'Commission rate (%)';
const ASSIGN = 'Assign a customer (mobile or email)';

describe('the commission rate form', () => {
  it('shows the shared schema’s messages at the rate and sends nothing', async () => {
    await show();
    expect(button('Save rate').disabled).toBe(true);
    type(RATE, '101');
    fireEvent.click(button('Save rate'));
    await waitFor(() => expect(errorAt(RATE)).toBe('The rate must be at most 100%'));
    type(RATE, '2.555');
    fireEvent.click(button('Save rate'));
    await waitFor(() => expect(errorAt(RATE)).toBe('Use at most two decimals'));
    type(RATE, '');
    fireEvent.click(button('Save rate'));
    await waitFor(() => expect(errorAt(RATE)).toBe('Enter a rate in percent'));
    expect(sent()).toEqual([]);
  });

  it('sends the rate as a number; saved, it cannot be saved again', async () => {
    await show();
    type(RATE, '3.25');
    fireEvent.click(button('Save rate'));
    await waitFor(() => expect(button('Save rate').disabled).toBe(true));
    expect(sent()).toEqual([['/api/admin/agents/5', 'PUT', { commission_rate: 3.25 }]]);
    expect(errorAt(RATE)).toBeNull();
  });

  it('the server’s 422 lands at the rate', async () => {
    write = () =>
      Promise.reject(
        new ApiError(422, {
          code: 'VALIDATION_FAILED',
          message: 'The rate must be 0% or more',
          errors: { commission_rate: ['The rate must be 0% or more'] },
        }),
      );
    await show();
    type(RATE, '4');
    fireEvent.click(button('Save rate'));
    await waitFor(() => expect(errorAt(RATE)).toBe('The rate must be 0% or more'));
    expect(sent()).toEqual([['/api/admin/agents/5', 'PUT', { commission_rate: 4 }]]);
  });
});

describe('the assign a customer form', () => {
  it('shows the shared schema’s message at the box and sends nothing', async () => {
    await show();
    expect(button('Assign').disabled).toBe(true);
    type(ASSIGN, 'x'.repeat(201));
    fireEvent.click(button('Assign'));
    await waitFor(() => expect(errorAt(ASSIGN)).toBe('Too big: expected string to have <=200 characters'));
    expect(sent()).toEqual([]);
  });

  it('sends the mobile number as typed; the box is empty again', async () => {
    await show();
    type(ASSIGN, '9000000003');
    fireEvent.click(button('Assign'));
    await waitFor(() => expect(fieldIn(ASSIGN, card()).value).toBe(''));
    expect(sent()).toEqual([['/api/admin/agents/5/customers', 'POST', { identifier: '9000000003' }]]);
  });

  it('the server’s refusal lands at the box: its field error (422), or its message (404)', async () => {
    write = () =>
      Promise.reject(
        new ApiError(422, {
          code: 'VALIDATION_FAILED',
          message: 'Enter a valid email or 10-digit mobile number',
          errors: { identifier: ['Enter a valid email or 10-digit mobile number'] },
        }),
      );
    await show();
    type(ASSIGN, '12345');
    fireEvent.click(button('Assign'));
    await waitFor(() => expect(errorAt(ASSIGN)).toBe('Enter a valid email or 10-digit mobile number'));
    write = () =>
      Promise.reject(
        new ApiError(404, { code: 'CUSTOMER_NOT_FOUND', message: 'No customer of this shop has this mobile number or email' }),
      );
    type(ASSIGN, '9999999999');
    fireEvent.click(button('Assign'));
    await waitFor(() => expect(errorAt(ASSIGN)).toBe('No customer of this shop has this mobile number or email'));
    expect(sent()).toEqual([
      ['/api/admin/agents/5/customers', 'POST', { identifier: '12345' }],
      ['/api/admin/agents/5/customers', 'POST', { identifier: '9999999999' }],
    ]);
    expect(fieldIn(ASSIGN, card()).value).toBe('9999999999');
  });
});
