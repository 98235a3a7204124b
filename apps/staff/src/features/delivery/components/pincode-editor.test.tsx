import type { AdminZone } from '@grocer/shared/admin-delivery';
import { ApiError } from '@grocer/shared/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiChecked, toast, resetFormApi } from '../../../test/form-api';

// Administration → Delivery → a zone's pincodes: pasted text checked as it is typed by the shared
// pincode rule and contract (parsePincodes, adminPincodesInputSchema); the server's refusal shown
// under the box.

const { PincodeEditor } = await import('./pincode-editor');

const zone: AdminZone = {
  id: 5,
  name: 'Bengaluru',
  warehouseId: 1,
  warehouse: 'Bengaluru Central',
  deliveryCharge: 4_000,
  freeAbove: null,
  codAllowed: true,
  codMax: null,
  leadDays: 0,
  pincodes: ['560001'],
  slots: [],
};

function show() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PincodeEditor zone={zone} />
    </QueryClientProvider>,
  );
}
const box = () => screen.getByLabelText('Add pincodes') as HTMLTextAreaElement;
const paste = (value: string) => fireEvent.change(box(), { target: { value } });
/** What is said under the box (its aria-describedby) when the box is marked invalid, or null. */
function errorAt(): string | null {
  if (box().getAttribute('aria-invalid') !== 'true') return null;
  return document.getElementById(box().getAttribute('aria-describedby')!)?.textContent ?? null;
}

describe('the pincode box', () => {
  beforeEach(() => {
    resetFormApi();
  });

  it('names the pieces that are not pincodes as they are typed, and sends nothing', async () => {
    show();
    paste('560103\n560104, 5601 012345');
    await waitFor(() => expect(errorAt()).toBe('Not valid pincodes (6 digits, not starting with 0): 5601, 012345'));
    const add = screen.getByRole('button', { name: 'Add 2 pincodes' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.submit(box().closest('form')!);
    await new Promise((r) => setTimeout(r, 50));
    expect(apiChecked).not.toHaveBeenCalled();
    paste('560103\n560104');
    await waitFor(() => expect(errorAt()).toBeNull());
    expect(add.disabled).toBe(false);
  });

  it('pincodes the zone has already are not new: nothing to send', async () => {
    show();
    paste('560001');
    await screen.findByText('already in this zone', { exact: false });
    expect((screen.getByRole('button', { name: /^Add\s+pincodes?$/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends the text as pasted, then the box is empty again', async () => {
    apiChecked.mockResolvedValue({ added: ['560103', '560104'], zone: { ...zone, pincodes: ['560001', '560103', '560104'] } });
    show();
    paste('560103\n560104, 560001');
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 pincodes' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('2 pincodes added to Bengaluru'));
    expect(apiChecked.mock.calls).toEqual([['/api/admin/delivery/zones/5/pincodes', 'POST', { pincodes: '560103\n560104, 560001' }]]);
    expect(box().value).toBe('');
  });

  it('the server’s 422 lands at the box; typing again clears it', async () => {
    apiChecked.mockRejectedValueOnce(
      new ApiError(422, {
        code: 'PINCODES_TAKEN',
        message: 'Another zone delivers to 560103',
        errors: { pincodes: ['Another zone delivers to 560103'] },
      }),
    );
    show();
    paste('560103');
    fireEvent.click(screen.getByRole('button', { name: 'Add 1 pincode' }));
    await waitFor(() => expect(errorAt()).toBe('Another zone delivers to 560103'));
    expect(box().value).toBe('560103');
    expect(toast.success).not.toHaveBeenCalled();
    paste('560105');
    await waitFor(() => expect(errorAt()).toBeNull());
  });
});
