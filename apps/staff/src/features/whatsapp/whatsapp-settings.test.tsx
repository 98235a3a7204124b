import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { WhatsappSettings } from '@grocer/shared/whatsapp';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Administration → Payments → WhatsApp order updates: secrets never shown (only "set •••• 1234"),
// needed on the first save, kept when left empty afterwards; the body is the shared contract's.

const mutateAsync = vi.fn();
vi.mock('./api/whatsapp', () => ({ useSaveWhatsappSettings: () => ({ mutateAsync }), useWhatsappSettings: vi.fn() }));
const { WhatsappSettingsCard } = await import('./components/whatsapp-settings');

const blank: WhatsappSettings = {
  configured: false,
  enabled: false,
  phone_number_id: null,
  access_token_last4: null,
  app_secret_last4: null,
  verify_token_last4: null,
  language: 'en',
  webhook_url: 'https://shop.example/s/api/whatsapp/webhook',
  updated_at: null,
  templates: [{ event: 'order_placed', name: 'order_placed', params: ['customer_name', 'order_number', 'total'] }],
};
const saved: WhatsappSettings = {
  ...blank,
  configured: true,
  enabled: true,
  phone_number_id: '109876543210',
  access_token_last4: '7q2w',
  app_secret_last4: 'k3j9',
  verify_token_last4: 'x1y2',
  updated_at: '2026-11-29T10:00:00.000Z',
};

describe('WhatsApp settings form', () => {
  beforeEach(() => mutateAsync.mockReset());

  it('the first save needs the three secrets, then sends the contract body', async () => {
    mutateAsync.mockImplementation(async () => saved);
    render(<WhatsappSettingsCard settings={blank} />);
    fireEvent.change(screen.getByLabelText('Phone number id'), { target: { value: '109876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save WhatsApp settings' }));
    await screen.findByText('Not saved: please correct the fields marked below.');
    expect(screen.getAllByText('Paste it from the Meta app (needed the first time)')).toHaveLength(3);
    expect(mutateAsync).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('Send order updates on WhatsApp'));
    fireEvent.change(screen.getByLabelText('Access token'), { target: { value: 'EAAG-sim-access-token-7q2w' } });
    fireEvent.change(screen.getByLabelText('App secret'), { target: { value: 'sim-app-secret-k3j9' } });
    fireEvent.change(screen.getByLabelText('Verify token'), { target: { value: 'sim-verify-token-x1y2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save WhatsApp settings' }));
    await screen.findByText('Saved: order updates go on WhatsApp.');
    expect(mutateAsync).toHaveBeenCalledWith({
      enabled: true,
      phone_number_id: '109876543210',
      access_token: 'EAAG-sim-access-token-7q2w',
      app_secret: 'sim-app-secret-k3j9',
      verify_token: 'sim-verify-token-x1y2',
      language: 'en',
    });
  });

  it('once saved: secrets shown as set with their last four, empty fields keep them, a wrong id is refused', async () => {
    mutateAsync.mockImplementation(async () => ({ ...saved, enabled: false }));
    render(<WhatsappSettingsCard settings={saved} />);
    expect(screen.getByText('Set •••• 7q2w (leave empty to keep it)')).toBeTruthy();
    expect((screen.getByLabelText('Access token') as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByLabelText('Phone number id'), { target: { value: '12ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save WhatsApp settings' }));
    await screen.findByText('The phone number id is digits only (WhatsApp Manager, API setup)');
    fireEvent.change(screen.getByLabelText('Phone number id'), { target: { value: '109876543210' } });
    fireEvent.click(screen.getByLabelText('Send order updates on WhatsApp'));
    fireEvent.click(screen.getByRole('button', { name: 'Save WhatsApp settings' }));
    await screen.findByText('Saved: WhatsApp is off.');
    await waitFor(() =>
      expect(mutateAsync).toHaveBeenCalledWith({
        enabled: false,
        phone_number_id: '109876543210',
        access_token: '',
        app_secret: '',
        verify_token: '',
        language: 'en',
      }),
    );
  });
});
