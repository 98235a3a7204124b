import { describe, expect, it } from 'vitest';
import type { Cart } from './cart';
import { offlineReceiptHtml } from './offline-receipt';

// The receipt a till prints offline, in the customer's language (issue 46 §5).
const cart: Cart = {
  lines: [
    { pack_id: 1, label: 'Toor Dal 1 kg', price: 150, sold_by_weight: false, quantity: 2, discount: 0 },
    { pack_id: 2, label: 'Onion', price: 40, sold_by_weight: true, quantity: 1500, discount: 0 },
  ],
  cart_discount: 0,
  customer: { mobile: '9000000011', language: 'kn' },
};
const receipt = (language?: 'en' | 'hi' | 'kn') =>
  offlineReceiptHtml({
    shop: 'Test Grocery',
    gstin: '29ABCDE1234F1Z5',
    receipt: 'T1-OFF-7',
    till: 'Till 1',
    cart,
    payment: { cash: 360, cash_tendered: 500, upi: 0, card: 0, card_ref: null },
    gstRates: new Map([
      [1, 5],
      [2, 0],
    ]),
    promotions: [],
    language,
  });

describe('an offline receipt in the customer’s language', () => {
  it('prints a Kannada receipt: its lang, labels, the Kannada font; amounts with Indian grouping', () => {
    const html = receipt('kn');
    expect(html).toContain('<html lang="kn-IN">');
    expect(html).toContain('<title>ರಸೀದಿ T1-OFF-7</title>');
    for (const label of [
      'ತೆರಿಗೆ ಇನ್‌ವಾಯ್ಸ್ (ಕ್ಯಾಶ್ ಮೆಮೊ)',
      'ರಸೀದಿ: <strong>T1-OFF-7</strong>',
      'ಗ್ರಾಹಕ: 9000000011',
      'ನೀಡಿದ ನಗದು',
      'ಚಿಲ್ಲರೆ',
      'ಒಟ್ಟು',
      'ಧನ್ಯವಾದಗಳು! ಈ ರಸೀದಿಯೊಂದಿಗೆ ಹಿಂತಿರುಗಿಸಿ.',
    ])
      expect(html).toContain(label);
    expect(html).toContain("font-family:'Noto Sans Kannada'");
    expect(html).toMatch(/src:url\([^)]*noto-sans-kannada-kannada-400-normal[^)]*\.woff2\)/);
    expect(html).toContain('₹360');
    expect(html).toContain('1.500 kg × ₹40/kg');
    expect(html).not.toMatch(/TAX INVOICE|Cash tendered|Thank you/);
  });

  it('English is the receipt the till always printed, without a font', () => {
    const html = receipt();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<p class="c">TAX INVOICE (cash memo)</p>');
    expect(html).toContain('<tr><td>Cash tendered</td><td class="n">₹500</td></tr><tr><td>Change</td><td class="n">₹140</td></tr>');
    expect(html).toContain('<p class="c">Thank you! Returns with this receipt.</p>');
    expect(html).not.toContain('@font-face');
  });
});
