import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { subscriptionSettingsSchema, type SubscriptionSettings, type SubscriptionSettingsView } from '@grocer/shared/subscriptions';
import fc from 'fast-check';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formToSettings, paiseToRupees, rupeesToPaise, settingsFormSchema, settingsToForm, type SettingsFormValues } from './settings-form';

// Administration → Subscriptions → Settings: rupees typed, paise sent; the cut-off checked by the
// shared schema; the form sends what the server takes and says whether it was saved.

const saved: SubscriptionSettingsView = {
  cutoff_time: '22:00',
  subscribable_pack_ids: [7],
  min_topup_paise: 10_000,
  cashback_percent: 5,
  cashback_cap_paise: 2_550,
  packs: [{ id: 7, label: 'Toned Milk - 500 ml', pricePaise: 2_800 }],
};
const form = (f: Partial<SettingsFormValues> = {}): SettingsFormValues => ({ ...settingsToForm(saved), ...f });
const issuesOf = (f: SettingsFormValues) => {
  const r = settingsFormSchema.safeParse(f);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('settings form: rupees ↔ paise', () => {
  it('paise shown as rupees and read back are the same paise (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (paise) => {
        expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
      }),
    );
  });

  it('a saved setting, opened and saved unchanged, sends back what it has (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          cutoff_time: fc
            .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
            .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
          subscribable_pack_ids: fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 5 }),
          min_topup_paise: fc.integer({ min: 0, max: 100_000_000 }),
          cashback_percent: fc.integer({ min: 0, max: 100 }),
          cashback_cap_paise: fc.integer({ min: 1, max: 100_000_000 }),
        }),
        (s: SubscriptionSettings) => {
          const view = { ...s, packs: s.subscribable_pack_ids.map((id) => ({ id, label: `Pack ${id}`, pricePaise: 100 })) };
          const parsed = settingsFormSchema.safeParse(settingsToForm(view));
          expect(parsed.success && parsed.data).toEqual(s);
        },
      ),
    );
  });

  it('reads rupees as typed: whole, one or two decimals; refuses three decimals, letters, empty', () => {
    expect(rupeesToPaise('100')).toBe(10_000);
    expect(rupeesToPaise(' 49.5 ')).toBe(4_950);
    expect(rupeesToPaise('49.05')).toBe(4_905);
    expect(rupeesToPaise('0.1')).toBe(10);
    expect(rupeesToPaise('1.005')).toBeNull();
    expect(rupeesToPaise('₹100')).toBeNull();
    expect(rupeesToPaise('')).toBeNull();
    expect(rupeesToPaise('-5')).toBeNull();
    expect(paiseToRupees(4_950)).toBe('49.50');
    expect(paiseToRupees(10_000)).toBe('100');
    expect(formToSettings(form({ min_topup: '250.75' })).min_topup_paise).toBe(25_075);
  });

  it('the wire body is the shared contract’s (paise, pack ids)', () => {
    const body = settingsFormSchema.parse(form({ min_topup: '500', cashback_cap: '25.50' }));
    expect(body).toEqual({
      cutoff_time: '22:00',
      subscribable_pack_ids: [7],
      min_topup_paise: 50_000,
      cashback_percent: 5,
      cashback_cap_paise: 2_550,
    });
    expect(subscriptionSettingsSchema.parse(body)).toEqual(body);
  });

  it('says what is wrong at each field', () => {
    expect(issuesOf(form({ min_topup: '' }))).toEqual({ min_topup: 'Enter the minimum top-up in rupees (0 for none)' });
    expect(issuesOf(form({ cashback_cap: '12.345' }))).toEqual({ cashback_cap: 'Enter the cashback cap in rupees, e.g. 100 or 49.50' });
    expect(issuesOf(form({ cashback_percent: '101' }))).toEqual({ cashback_percent: 'Cashback is at most 100 %' });
    expect(issuesOf(form({ cashback_percent: '2.5' }))).toEqual({ cashback_percent: 'Cashback is a whole percent' });
    expect(issuesOf(form({ cashback_percent: 'five' }))).toEqual({ cashback_percent: 'Enter the cashback as a whole percent, e.g. 5' });
    expect(issuesOf(form({ cashback_cap: '0' }))).toEqual({
      cashback_cap: 'A cap of ₹0 gives no cashback: enter the most one order earns back',
    });
    expect(issuesOf(form({ cashback_percent: '0', cashback_cap: '0' }))).toEqual({});
    expect(issuesOf(form({ min_topup: '2000000' }))).toEqual({ min_topup: 'The minimum top-up is too large' });
  });
});

describe('settings form: the cut-off', () => {
  it('takes any 24-hour HH:MM (property) and refuses the rest with the shared message', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (h, m) => {
        const t = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
        expect(issuesOf(form({ cutoff_time: t }))).toEqual({});
      }),
    );
    for (const bad of ['24:00', '22:60', '9:00', '', '10 PM', '22:00:00'])
      expect(issuesOf(form({ cutoff_time: bad })), bad).toEqual({ cutoff_time: 'The cut-off is a time HH:MM (24-hour), e.g. 22:00' });
  });
});

// the form on screen, its calls replaced
const mutateAsync = vi.fn();
vi.mock('./api/subscriptions', () => ({
  useSaveSubscriptionSettings: () => ({ mutateAsync }),
  useSubscriptionSettings: vi.fn(),
  useSubscriptionPacks: (q: string) => ({
    data: { data: q ? [{ id: 9, label: 'Fresh Curd - 400 g', pricePaise: 4_500 }] : [] },
  }),
}));
const { SettingsForm } = await import('./components/settings-form');

function show() {
  const router = createMemoryRouter([{ path: '/', element: <SettingsForm settings={saved} /> }]);
  render(<RouterProvider router={router} />);
}

describe('the settings form on screen', () => {
  beforeEach(() => mutateAsync.mockReset());

  it('sends paise and pack ids, then says it was saved', async () => {
    mutateAsync.mockImplementation(async (body: SubscriptionSettings) => ({
      ...body,
      packs: [saved.packs[0]!, { id: 9, label: 'Fresh Curd - 400 g', pricePaise: 4_500 }],
    }));
    show();
    fireEvent.change(screen.getByLabelText('Minimum top-up (₹)'), { target: { value: '250.50' } });
    fireEvent.change(screen.getByLabelText('Cut-off time'), { target: { value: '21:30' } });
    fireEvent.change(screen.getByLabelText('Add a pack'), { target: { value: 'curd' } });
    fireEvent.click(screen.getByRole('button', { name: /Fresh Curd - 400 g/ }));
    expect(screen.getByRole('list', { name: 'Chosen packs' }).textContent).toContain('Fresh Curd - 400 g');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved: 2 subscribable packs, cut-off 21:30.');
    expect(mutateAsync).toHaveBeenCalledWith({
      cutoff_time: '21:30',
      subscribable_pack_ids: [7, 9],
      min_topup_paise: 25_050,
      cashback_percent: 5,
      cashback_cap_paise: 2_550,
    });
  });

  it('a wrong cut-off is shown at its field and nothing is sent; a removed pack is not sent', async () => {
    show();
    fireEvent.change(screen.getByLabelText('Cut-off time'), { target: { value: '25:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('The cut-off is a time HH:MM (24-hour), e.g. 22:00');
    expect(screen.getByRole('alert').textContent).toBe('Not saved: please correct the fields marked below.');
    expect(mutateAsync).not.toHaveBeenCalled();

    mutateAsync.mockImplementation(async (body: SubscriptionSettings) => ({ ...body, packs: [] }));
    fireEvent.change(screen.getByLabelText('Cut-off time'), { target: { value: '22:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Toned Milk - 500 ml' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledWith(expect.objectContaining({ subscribable_pack_ids: [] })));
    await screen.findByText('Settings saved: 0 subscribable packs, cut-off 22:00.');
  });
});
