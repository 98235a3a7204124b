/**
 * Address friction (issue 19, item 11): a new address of the shopper's own starts with their name,
 * mobile and the pincode they chose; editing keeps the address's own values.
 */
import type { Address } from '@grocer/shared/account';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { mountPoint } from '../../../test/mount';
import { AddressForm, ownPrefill } from './addresses-page';

const dom = mountPoint();
const value = (auto: string) => dom.container.querySelector<HTMLInputElement>(`input[autocomplete="${auto}"]`)!.value;
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));
const init = {
  user: {
    id: 7,
    name: 'Priya Shopper',
    email: 'p@example.com',
    phone: '9000000003',
    superadmin: false,
    hasAdminAccess: false,
    isSalesAgent: false,
  },
  pincode: '560034',
};

describe('the address form', () => {
  it("starts a new address from the shopper's name, mobile and chosen pincode", async () => {
    dom.mount(<AddressForm address={null} prefill={ownPrefill(init)} onClose={() => {}} onSaved={() => {}} />);
    await settle();
    expect([value('name'), value('tel-national'), value('postal-code')]).toEqual(['Priya Shopper', '9000000003', '560034']);
  });

  it("starts empty without a prefill (an agent adding a customer's address), and edits keep their own values", async () => {
    dom.mount(<AddressForm address={null} onClose={() => {}} onSaved={() => {}} />);
    await settle();
    expect([value('name'), value('tel-national'), value('postal-code')]).toEqual(['', '', '']);
  });

  it("an edit keeps the address's own values", async () => {
    const saved = {
      id: 1,
      name: 'Office',
      phone: '9876543210',
      pincode: '400001',
      line1: 'A',
      line2: 'B',
      landmark: null,
      city: 'Mumbai',
      state: 'Maharashtra',
      type: 'work',
      is_default: false,
    } as unknown as Address;
    dom.mount(<AddressForm address={saved} prefill={ownPrefill(init)} onClose={() => {}} onSaved={() => {}} />);
    await settle();
    expect([value('name'), value('postal-code')]).toEqual(['Office', '400001']);
  });
});
