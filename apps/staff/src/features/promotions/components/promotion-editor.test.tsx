import { ApiError } from '@grocer/shared/api-client';
import type { AdminPromotion } from '@grocer/shared/promotions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorAt, field, type } from '../../../test/fields';
import { apiChecked, toast, resetFormApi } from '../../../test/form-api';

// Administration → Promotions → New promotion / a promotion: buy X get Y, a combo or a cart
// discount, typed in rupees and percents, turned into the API's rule and checked by the shared
// contract (adminPromotionInputSchema) before sending; each message at its field and all of them
// above the buttons; the server's refusal at its field.

const { PromotionEditor } = await import('./promotion-editor');

const packs = [
  { id: 31, label: 'Toor Dal 1 kg', pricePaise: 18_000 },
  { id: 32, label: 'Basmati Rice 5 kg', pricePaise: 65_000 },
];
const weekend: AdminPromotion = {
  id: 4,
  name: 'Weekend saver',
  kind: 'cart',
  rule: { kind: 'cart', minPaise: 99_900, flatPaise: null, percentBp: 1_000, capPaise: 15_000 },
  startsAt: null,
  endsAt: null,
  active: true,
  summary: '10% off orders of ₹999 or more, up to ₹150',
  packs: [],
  createdAt: '2026-11-01T10:00:00.000Z',
};
// the server: the pack picker's matches, the categories and brands, and the promotion saved or refused
let save: (path: string, method: string, body: { name: string; rule: AdminPromotion['rule'] }) => Promise<unknown>;
beforeEach(() => {
  resetFormApi();
  save = async (path, _method, body) => ({
    ...weekend,
    ...body,
    kind: body.rule.kind,
    id: path.endsWith('/4') ? 4 : 9,
    packs: packs.map(({ id, label }) => ({ id, label })),
  });
  apiChecked.mockImplementation(async (path: string, method: string, body: never) => {
    if (path.startsWith('/api/admin/promotions/packs?q=')) return { data: packs };
    if (path === '/api/admin/promotions/choices') return { categories: [{ id: 3, name: 'Dals' }], brands: [] };
    return save(path, method, body);
  });
});
const sent = () => apiChecked.mock.calls.filter(([, method]) => method !== 'GET');

function show(promotion: AdminPromotion | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/bos/admin/promotions/new', element: <PromotionEditor promotion={null} /> },
      { path: '/bos/admin/promotions/:id', element: promotion ? <PromotionEditor promotion={promotion} /> : <p>The saved promotion</p> },
    ],
    { initialEntries: [promotion ? `/bos/admin/promotions/${promotion.id}` : '/bos/admin/promotions/new'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
/** Picks `label` in the pack picker labelled `picker`. */
async function pick(picker: string, label: string) {
  type(picker, 'a');
  const matches = await screen.findByRole('list', { name: `${picker}: matches` });
  fireEvent.click(await within(matches).findByRole('button', { name: new RegExp(`^${label}`) }));
}
const kind = (name: string) => fireEvent.click(screen.getByRole('radio', { name: new RegExp(`^${name}`) }));
const alertList = () => screen.queryByRole('alert')?.textContent ?? null;

describe('the promotion editor', () => {
  it('shows the shared schema’s messages at their fields and above the buttons, and sends nothing', async () => {
    show(null);
    type('Buy', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Create promotion' }));
    await waitFor(() => expect(errorAt('Name')).toBe('Enter a name'));
    expect(errorAt('Buy')).toBe('Must be at least 1');
    expect(errorAt('Get')).toBeNull();
    expect(screen.getAllByText('Choose at least one pack')).toHaveLength(2); // under the packs, and in the list
    expect(alertList()).toBe('Enter a name' + 'Choose at least one pack' + 'Must be at least 1');
    expect(toast.error).toHaveBeenCalledWith('Please correct the promotion.');
    // a change takes the messages away until the next try
    type('Name', 'Combo deal');
    await waitFor(() => expect(alertList()).toBeNull());

    kind('Combo');
    await pick('Add a pack to the combo', 'Toor Dal 1 kg');
    type('Combo price (₹)', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Create promotion' }));
    await waitFor(() => expect(errorAt('Combo price (₹)')).toBe('Must be more than 0'));
    expect(screen.getAllByText('A combo has at least two packs')).toHaveLength(2);

    kind('Cart discount');
    fireEvent.click(screen.getByRole('radio', { name: 'Percentage (%)' }));
    type('Percent off', '150');
    type('Minimum spend (₹)', '-5');
    fireEvent.click(screen.getByRole('button', { name: 'Create promotion' }));
    await waitFor(() => expect(errorAt('Percent off')).toBe('A percentage is at most 100%'));
    expect(errorAt('Minimum spend (₹)')).toBe('Cannot be negative');
    expect(sent()).toEqual([]);
  });

  it('buy X get Y on packs: shows what it gives, sends the rule, then moves to its own address', async () => {
    const router = show(null);
    type('Name', 'Buy 2 get 1 free');
    await pick('Add a pack', 'Toor Dal 1 kg');
    await pick('Add a pack', 'Basmati Rice 5 kg');
    expect(within(screen.getByRole('list', { name: 'Packs bought' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Buy 2 get 1 free', { selector: 'p' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create promotion' }));
    await screen.findByText('The saved promotion');
    expect(router.state.location.pathname).toBe('/bos/admin/promotions/9');
    expect(sent()).toEqual([
      [
        '/api/admin/promotions',
        'POST',
        {
          name: 'Buy 2 get 1 free',
          startsAt: null,
          endsAt: null,
          active: true,
          rule: {
            kind: 'buy_x_get_y',
            buy: { type: 'pack', packIds: [31, 32] },
            buyQuantity: 2,
            getQuantity: 1,
            getPackId: null,
            percentOff: 100,
          },
        },
      ],
    ]);
    expect(toast.success).toHaveBeenCalledWith('Buy 2 get 1 free created');
  });

  it('a combo: quantities and the price in rupees, sent in paise', async () => {
    show(null);
    type('Name', 'Dal and rice');
    kind('Combo');
    await pick('Add a pack to the combo', 'Toor Dal 1 kg');
    await pick('Add a pack to the combo', 'Basmati Rice 5 kg');
    type('Quantity of Toor Dal 1 kg', '2');
    type('Combo price (₹)', '899.50');
    fireEvent.click(screen.getByRole('button', { name: 'Create promotion' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Dal and rice created'));
    expect(sent()).toEqual([
      [
        '/api/admin/promotions',
        'POST',
        {
          name: 'Dal and rice',
          startsAt: null,
          endsAt: null,
          active: true,
          rule: {
            kind: 'combo',
            items: [
              { packId: 31, quantity: 2 },
              { packId: 32, quantity: 1 },
            ],
            pricePaise: 89_950,
          },
        },
      ],
    ]);
  });

  it('an existing cart discount: shown as typed, unchanged cannot be saved; saved with PUT', async () => {
    show(weekend);
    expect(field('Minimum spend (₹)').value).toBe('999');
    expect(field('Percent off').value).toBe('10');
    expect(field('Up to (₹)').value).toBe('150');
    const saveButton = screen.getByRole('button', { name: 'Save promotion' }) as HTMLButtonElement;
    expect(saveButton.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Fixed amount (₹)' }));
    type('Amount off (₹)', '75');
    fireEvent.click(screen.getByRole('checkbox', { name: /^Active/ }));
    await waitFor(() => expect(saveButton.disabled).toBe(false));
    fireEvent.click(saveButton);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Weekend saver saved'));
    expect(sent()).toEqual([
      [
        '/api/admin/promotions/4',
        'PUT',
        {
          name: 'Weekend saver',
          startsAt: null,
          endsAt: null,
          active: false,
          rule: { kind: 'cart', minPaise: 99_900, flatPaise: 7_500, percentBp: null, capPaise: null },
        },
      ],
    ]);
    await waitFor(() => expect(saveButton.disabled).toBe(true));
  });

  it('the server’s 422 lands on its field and above the buttons, with the toast', async () => {
    save = () =>
      Promise.reject(
        new ApiError(422, {
          code: 'VALIDATION_FAILED',
          message: 'The combo price must be less than the packs cost separately',
          errors: { 'rule.pricePaise': ['The combo price must be less than the packs cost separately'] },
        }),
      );
    const router = show(null);
    type('Name', 'Dal and rice');
    kind('Combo');
    await pick('Add a pack to the combo', 'Toor Dal 1 kg');
    await pick('Add a pack to the combo', 'Basmati Rice 5 kg');
    type('Combo price (₹)', '900');
    fireEvent.click(screen.getByRole('button', { name: 'Create promotion' }));
    await waitFor(() => expect(errorAt('Combo price (₹)')).toBe('The combo price must be less than the packs cost separately'));
    expect(alertList()).toBe('The combo price must be less than the packs cost separately');
    expect(sent()).toHaveLength(1);
    expect(toast.error).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/bos/admin/promotions/new');
  });
});
