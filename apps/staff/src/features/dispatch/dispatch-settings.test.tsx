import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@grocer/shared/api-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DispatchSettings } from './api/dispatch-settings';

// Administration → Dispatch → Dispatch settings: the delivery-code mode and the shopper's
// tracking in one form; the call number checked like the shared contract, '' sent as null.

const mutateAsync = vi.fn();
vi.mock('./api/dispatch-settings', () => ({ useSaveDispatchSettings: () => ({ mutateAsync }), useDispatchSettings: vi.fn() }));
const { DispatchSettingsCard } = await import('./components/dispatch-settings');

const current: DispatchSettings = { code_mode: 'all', share_position: false, call_number: null };
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save dispatch settings' }));

describe('Dispatch settings form', () => {
  beforeEach(() => mutateAsync.mockReset());

  it('shows the current values and sends the changed settings', async () => {
    mutateAsync.mockImplementation(async (v?: { next: DispatchSettings }) => v?.next);
    render(<DispatchSettingsCard settings={current} canChange />);
    const mode = screen.getByLabelText('Delivery code') as HTMLSelectElement;
    expect(mode.value).toBe('all');
    expect([...mode.options].map((o) => o.text)).toEqual([
      'Off',
      'Required for prepaid orders',
      'Required for cash on delivery orders',
      'Required for every order',
    ]);
    fireEvent.change(mode, { target: { value: 'cod' } });
    expect(screen.getByText('Only cash on delivery orders need the code.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Riders share their position/));
    fireEvent.change(screen.getByLabelText('Number customers call'), { target: { value: ' +91 80 4123 4567 ' } });
    save();
    await screen.findByText('Saved.');
    expect(mutateAsync).toHaveBeenCalledWith({
      before: current,
      next: { code_mode: 'cod', share_position: true, call_number: '+91 80 4123 4567' },
    });
  });

  it('refuses a number that is not one, and sends an empty number as none', async () => {
    const saved = { code_mode: 'off', share_position: true, call_number: '080 4000 1234' } as const;
    mutateAsync.mockImplementation(async (v?: { next: DispatchSettings }) => v?.next);
    render(<DispatchSettingsCard settings={saved} canChange />);
    const number = screen.getByLabelText('Number customers call');
    fireEvent.change(number, { target: { value: 'call us' } });
    save();
    await screen.findByText('A phone number: digits, spaces, + and -');
    expect(screen.getByRole('alert').textContent).toBe('Not saved: please correct the fields marked below.');
    expect(mutateAsync).not.toHaveBeenCalled();
    fireEvent.change(number, { target: { value: '' } });
    save();
    await screen.findByText('Saved.');
    expect(mutateAsync).toHaveBeenCalledWith({ before: saved, next: { ...saved, call_number: null } });
  });

  it("shows the server's refusal on its field", async () => {
    mutateAsync.mockRejectedValueOnce(
      new ApiError(422, {
        message: 'Please correct the marked fields',
        errors: { call_number: ['A phone number: digits, spaces, + and -'] },
      }),
    );
    render(<DispatchSettingsCard settings={current} canChange />);
    fireEvent.change(screen.getByLabelText('Number customers call'), { target: { value: '12345678' } });
    save();
    await screen.findByText('Not saved: Please correct the marked fields');
    await waitFor(() => expect(screen.getByText('A phone number: digits, spaces, + and -')).toBeTruthy());
  });

  it('read-only without the delivery permission', () => {
    render(<DispatchSettingsCard settings={current} canChange={false} />);
    // the fields sit in a disabled fieldset
    expect(screen.getByLabelText('Delivery code').closest('fieldset')?.disabled).toBe(true);
    expect(screen.getByLabelText('Number customers call').closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save dispatch settings' })).toBeNull();
    expect(screen.getByText('Only the delivery manager or the owner can change these.')).toBeTruthy();
  });
});
