import type { AdminCoupon } from '@grocer/shared/admin-coupons';
import { ApiError } from '@grocer/shared/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorAt, field, type } from '../../../test/fields';
import { apiChecked, toast, resetFormApi } from '../../../test/form-api';

// Administration → Coupons → New coupon / a coupon: its rules typed in rupees and percent, checked
// by the shared contract (adminCouponInputSchema) at each field before sending, sent in paise and
// basis points; the server's refusal (a code the shop already has) shown at its field.

const { CouponEditor } = await import('./coupon-editor');

const save10: AdminCoupon = {
  id: 3,
  code: 'SAVE10',
  description: 'Ten percent off',
  kind: 'percent',
  value: 1_000,
  maxDiscount: 10_000,
  minOrder: 49_900,
  startsAt: null,
  endsAt: null,
  usageLimit: 500,
  perCustomerLimit: 1,
  firstOrderOnly: false,
  active: true,
  listed: true,
  uses: 4,
  discountGiven: 20_000,
  createdAt: '2026-11-01T10:00:00.000Z',
};
// the server: the coupon saved (as the server has it: the code upper-cased) or refused
let save: (path: string, method: string, body: Omit<AdminCoupon, 'id' | 'uses' | 'discountGiven' | 'createdAt'>) => Promise<unknown>;
beforeEach(() => {
  resetFormApi();
  save = async (path, _method, body) => ({
    ...save10,
    ...body,
    code: body.code.trim().toUpperCase(),
    id: path.endsWith('/3') ? 3 : 9,
  });
  apiChecked.mockImplementation(async (path: string, method: string, body: never) => save(path, method, body));
});

function show(coupon: AdminCoupon | null) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/bos/admin/coupons/new', element: <CouponEditor coupon={null} /> },
      { path: '/bos/admin/coupons/:id', element: coupon ? <CouponEditor coupon={coupon} /> : <p>The saved coupon</p> },
    ],
    { initialEntries: [coupon ? `/bos/admin/coupons/${coupon.id}` : '/bos/admin/coupons/new'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

// a checkbox, by the words of its label (its explanation follows them)
const box = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name} `) }) as HTMLInputElement;

describe('the coupon editor', () => {
  it('shows the shared schema’s messages at their fields and sends nothing', async () => {
    show(null);
    type('Code', 'diwali 10');
    type('Total uses', '5');
    type('Uses per customer', '6');
    type('Minimum order (₹)', '-1');
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(errorAt('Code')).toBe('Use letters, digits, - or _ (no spaces)'));
    expect(errorAt('Amount off (₹)')).toBe('Must be more than 0');
    expect(errorAt('Minimum order (₹)')).toBe('Cannot be negative');
    expect(errorAt('Uses per customer')).toBe('Cannot be more than the total limit');
    expect(errorAt('Total uses')).toBeNull();
    expect(errorAt('Description')).toBeNull();
    expect(toast.error).toHaveBeenCalledWith('Please correct the highlighted fields.');
    expect(apiChecked).not.toHaveBeenCalled();
  });

  it('a percentage: at most 100%, and the end after the start', async () => {
    show(null);
    type('Code', 'BIG');
    fireEvent.click(screen.getByLabelText('Percentage (%)'));
    type('Percent off', '120');
    type('Starts', '2026-12-10T10:00');
    type('Ends', '2026-12-01T10:00');
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(errorAt('Percent off')).toBe('A percentage is at most 100%'));
    expect(errorAt('Ends')).toBe('Must be after the start');
    expect(errorAt('Code')).toBeNull();
    expect(apiChecked).not.toHaveBeenCalled();
  });

  it('a new coupon: rupees and percent typed, paise and basis points sent; then it moves to its own address', async () => {
    const router = show(null);
    type('Code', 'diwali12');
    type('Description', 'Diwali week');
    fireEvent.click(screen.getByLabelText('Percentage (%)'));
    type('Percent off', '12.5');
    type('Up to (₹)', '150.50');
    type('Minimum order (₹)', '499');
    type('Total uses', '100');
    type('Uses per customer', '2');
    fireEvent.click(box('First order only'));
    fireEvent.click(box('Show to shoppers'));
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    await screen.findByText('The saved coupon');
    expect(router.state.location.pathname).toBe('/bos/admin/coupons/9');
    expect(apiChecked.mock.calls).toEqual([
      [
        '/api/admin/coupons',
        'POST',
        {
          code: 'diwali12',
          description: 'Diwali week',
          kind: 'percent',
          value: 1_250,
          maxDiscount: 15_050,
          minOrder: 49_900,
          startsAt: null,
          endsAt: null,
          usageLimit: 100,
          perCustomerLimit: 2,
          firstOrderOnly: true,
          active: true,
          listed: true,
        },
      ],
    ]);
    expect(toast.success).toHaveBeenCalledWith('DIWALI12 created');
  });

  it('an existing coupon: shown in rupees and percent, unchanged cannot be saved; a flat one sends no cap', async () => {
    show(save10);
    expect(field('Percent off').value).toBe('10');
    expect(field('Up to (₹)').value).toBe('100');
    expect(field('Minimum order (₹)').value).toBe('499');
    expect(box('Active').checked).toBe(true);
    const saveButton = screen.getByRole('button', { name: 'Save coupon' }) as HTMLButtonElement;
    expect(saveButton.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Fixed amount (₹)'));
    expect(screen.queryByLabelText('Up to (₹)')).toBeNull();
    type('Amount off (₹)', '50');
    fireEvent.click(box('Active'));
    await waitFor(() => expect(saveButton.disabled).toBe(false));
    fireEvent.click(saveButton);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('SAVE10 saved'));
    expect(apiChecked.mock.calls).toEqual([
      [
        '/api/admin/coupons/3',
        'PUT',
        {
          code: 'SAVE10',
          description: 'Ten percent off',
          kind: 'flat',
          value: 5_000,
          maxDiscount: null,
          minOrder: 49_900,
          startsAt: null,
          endsAt: null,
          usageLimit: 500,
          perCustomerLimit: 1,
          firstOrderOnly: false,
          active: false,
          listed: true,
        },
      ],
    ]);
    // saved: the form is what the server has, clean again
    await waitFor(() => expect(saveButton.disabled).toBe(true));
  });

  it('the server’s refusal lands on its field, with the toast; nothing moves', async () => {
    save = () =>
      Promise.reject(
        new ApiError(409, {
          code: 'COUPON_CODE_TAKEN',
          message: 'That code is taken',
          errors: { code: ['SAVE10 is already used by another coupon'] },
        }),
      );
    const router = show(null);
    type('Code', 'save10');
    type('Amount off (₹)', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(errorAt('Code')).toBe('SAVE10 is already used by another coupon'));
    expect(errorAt('Amount off (₹)')).toBeNull();
    expect(apiChecked).toHaveBeenCalledWith('/api/admin/coupons', 'POST', expect.objectContaining({ code: 'save10', value: 1_000 }));
    expect(toast.error).toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/bos/admin/coupons/new');
  });
});
