import { ApiError } from '@grocer/shared/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorAt, field, type } from '../../../test/fields';
import { apiChecked, toast, resetFormApi } from '../../../test/form-api';

// Create a website (superadmin): the shop's name, domain, state and GSTIN, blank or a copy of
// another website's storefront, checked by the shared contract (createWebsiteInputSchema) at each
// field before sending; the server's refusal shown at its field.

// happy-dom has neither a select's `size` nor an option's `defaultSelected`, which react-hook-form
// reads to tell a select changed before the form was ready from one it may set to its default
// value (in a browser: 0 and false, so the State starts at Karnataka, not the first state).
Object.defineProperty(HTMLSelectElement.prototype, 'size', { configurable: true, get: () => 0 });
Object.defineProperty(HTMLOptionElement.prototype, 'defaultSelected', {
  configurable: true,
  get(this: HTMLOptionElement) {
    return this.hasAttribute('selected');
  },
});

const { CreateScreen } = await import('./create-screen');

const demo = { id: 1, name: 'Demo Grocery', domain: 'localhost', paused: false };
// the server: the websites the person manages, and the website made or refused
let create: (body: { name: string; domain: string }) => Promise<unknown>;
let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetFormApi();
  create = async (body) => ({ id: 2, name: body.name, domain: body.domain });
  apiChecked.mockImplementation(async (_path: string, method: string, body: never) =>
    method === 'GET' ? { data: [demo], can_create: true } : create(body),
  );
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
});
afterEach(() => assign.mockRestore());
const sent = () => apiChecked.mock.calls.filter(([, method]) => method !== 'GET');

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CreateScreen />
    </QueryClientProvider>,
  );
}
const createButton = () => screen.getByRole('button', { name: 'Create website' });

describe('the create a website form', () => {
  it('shows the shared schema’s messages at their fields and sends nothing', async () => {
    show();
    fireEvent.click(screen.getByRole('radio', { name: /A copy of a website/ }));
    type('GSTIN', '29abcde');
    fireEvent.click(createButton());
    await waitFor(() => expect(errorAt('Name')).toBe('Enter a name'));
    expect(errorAt('Primary domain')).toBe('Enter a domain');
    expect(errorAt('GSTIN')).toBe('Enter a 15-character GSTIN such as 29ABCDE1234F1Z5');
    expect(errorAt('Website to copy')).toBe('Choose the website to copy');
    expect(errorAt('State')).toBeNull();
    // the GSTIN is upper case as it is typed
    expect(field('GSTIN').value).toBe('29ABCDE');
    type('Primary domain', 'not a domain');
    fireEvent.click(createButton());
    await waitFor(() => expect(errorAt('Primary domain')).toBe('Enter a domain such as shop.example.com'));
    expect(sent()).toEqual([]);
  });

  it('a copy of a website’s storefront: sends the form as typed, then goes to the websites', async () => {
    show();
    type('Name', 'Fresh Basket');
    type('Primary domain', 'fresh.localhost');
    fireEvent.change(field('State'), { target: { value: 'Maharashtra' } });
    type('GSTIN', '27aaaaa1111a1z5');
    fireEvent.click(screen.getByRole('radio', { name: /A copy of a website/ }));
    await screen.findByRole('option', { name: 'Demo Grocery (localhost)' });
    fireEvent.change(field('Website to copy'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Also copy its catalogue/ }));
    fireEvent.click(createButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth/bos/choose'));
    expect(sent()).toEqual([
      [
        '/api/bos/websites',
        'POST',
        {
          name: 'Fresh Basket',
          domain: 'fresh.localhost',
          state: 'Maharashtra',
          gstin: '27AAAAA1111A1Z5',
          start: 'copy',
          copy_from: 1,
          copy_catalogue: true,
        },
      ],
    ]);
    expect(toast.success).toHaveBeenCalledWith('Fresh Basket is ready at fresh.localhost. Choose it to manage it.');
  });

  it('a blank website: no website to copy; the State as it starts', async () => {
    show();
    expect(field('State').value).toBe('Karnataka');
    type('Name', 'Green Grocer');
    type('Primary domain', 'green.example.com');
    fireEvent.click(createButton());
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(sent()).toEqual([
      [
        '/api/bos/websites',
        'POST',
        {
          name: 'Green Grocer',
          domain: 'green.example.com',
          state: 'Karnataka',
          gstin: '',
          start: 'blank',
          copy_from: null,
          copy_catalogue: false,
        },
      ],
    ]);
  });

  it('the server’s 422 lands on its field; a taken domain (409) at the domain', async () => {
    create = () =>
      Promise.reject(
        new ApiError(422, {
          code: 'VALIDATION_FAILED',
          message: 'Enter a domain',
          errors: { domain: ['Enter a domain such as shop.example.com'] },
        }),
      );
    show();
    type('Name', 'Green Grocer');
    type('Primary domain', 'green.example.com');
    fireEvent.click(createButton());
    await waitFor(() => expect(errorAt('Primary domain')).toBe('Enter a domain such as shop.example.com'));
    expect(errorAt('Name')).toBeNull();
    create = () => Promise.reject(new ApiError(409, { code: 'DOMAIN_TAKEN', message: 'green.example.com is already a website’s domain' }));
    fireEvent.click(createButton());
    await waitFor(() => expect(errorAt('Primary domain')).toBe('green.example.com is already a website’s domain'));
    expect(sent()).toHaveLength(2);
    expect(assign).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
