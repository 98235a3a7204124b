import { cartSchema, type Cart } from '@grocer/shared/cart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websiteSettings } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { seedCartShop, signInAs, type CartShop } from './test-fixture';

// Issue 46: what the server writes to a shopper speaks the request's language (?lang=, the `lang`
// cookie, the account, the website's default); English stays byte for byte what it always was, and
// staff calls stay English whatever the browser chose.

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: CartShop;

beforeAll(async () => {
  t = await createTestApp({
    seed: async (db) => {
      shop = await seedCartShop(db);
      await db.insert(websiteSettings).values({ websiteId: shop.websiteId, languages: ['en', 'hi', 'kn'], defaultLanguage: 'en' });
    },
  });
});
afterAll(() => t.close());

type Lang = 'en' | 'hi' | 'kn';
/** A shopper whose browser chose `lang` (the switch's cookie), delivering to `pincode`. */
async function shopper(lang: Lang, pincode: string | null = '560001') {
  const c = new TestClient(t.app);
  c.cookies.set('lang', lang);
  if (pincode) expect((await c.get(`/s/api/check/pincode/${pincode}`)).statusCode).toBe(200);
  return c;
}
const cartOf = (res: { statusCode: number; json: () => unknown }): Cart => {
  expect(res.statusCode).toBe(200);
  return cartSchema.parse(res.json());
};

describe("the cart's notes", () => {
  it('say how much more for free delivery, and why a line cannot be bought, in the language', async () => {
    const said: Record<Lang, { delivery: string | null; line: string | null }> = { en: null!, hi: null!, kn: null! };
    for (const lang of ['en', 'hi', 'kn'] as const) {
      const c = await shopper(lang);
      cartOf(await c.post('/s/api/cart/add', { pack_id: shop.packs.rice1.id }));
      // ghee is out of stock at Bengaluru: the line says so
      const cart = cartOf(await c.post('/s/api/cart/add', { pack_id: shop.packs.dal1.id }));
      said[lang] = { delivery: cart.deliveryMessage, line: null };
      const outOfStock = await c.post('/s/api/cart/add', { pack_id: shop.packs.ghee1.id });
      expect(outOfStock.statusCode).toBe(409);
      said[lang].line = outOfStock.json().message;
    }
    expect(said.en).toEqual({ delivery: 'Add ₹199 more for free delivery', line: 'Cow Ghee - 500 ml is out of stock' });
    expect(said.hi).toEqual({ delivery: 'मुफ़्त डिलीवरी के लिए ₹199 का सामान और जोड़ें', line: 'Cow Ghee - 500 ml स्टॉक में नहीं है' });
    expect(said.kn).toEqual({ delivery: 'ಉಚಿತ ಡೆಲಿವರಿಗಾಗಿ ಇನ್ನೂ ₹199 ಮೌಲ್ಯದ ಸಾಮಾನು ಸೇರಿಸಿ', line: 'Cow Ghee - 500 ml ಸ್ಟಾಕ್‌ನಲ್ಲಿ ಇಲ್ಲ' });
  });

  it('follow ?lang= over the cookie, and a language the website does not offer is its default', async () => {
    const c = await shopper('hi');
    cartOf(await c.post('/s/api/cart/add', { pack_id: shop.packs.rice1.id }));
    expect(cartOf(await c.get('/s/api/cart')).deliveryMessage).toBe('मुफ़्त डिलीवरी के लिए ₹379 का सामान और जोड़ें');
    expect(cartOf(await c.get('/s/api/cart?lang=kn')).deliveryMessage).toBe('ಉಚಿತ ಡೆಲಿವರಿಗಾಗಿ ಇನ್ನೂ ₹379 ಮೌಲ್ಯದ ಸಾಮಾನು ಸೇರಿಸಿ');
    expect(cartOf(await c.get('/s/api/cart?lang=en')).deliveryMessage).toBe('Add ₹379 more for free delivery');
    c.cookies.set('lang', 'fr');
    expect(cartOf(await c.get('/s/api/cart')).deliveryMessage).toBe('Add ₹379 more for free delivery');
  });

  it("refuse a coupon in the language, the field's message too, and list the offers' reasons in it", async () => {
    const answers: Record<Lang, { message: string; field: string[]; reasons: (string | null)[] }> = { en: null!, hi: null!, kn: null! };
    for (const lang of ['en', 'hi', 'kn'] as const) {
      const c = await shopper(lang);
      cartOf(await c.post('/s/api/cart/add', { pack_id: shop.packs.rice1.id }));
      const res = await c.post('/s/api/apply/coupon', { code: 'OLD20' });
      expect(res.statusCode).toBe(422);
      const offers = (await c.get('/s/api/cart/offers')).json().data as { code: string; reason: string | null }[];
      answers[lang] = {
        message: res.json().message,
        field: res.json().errors.code,
        reasons: offers.filter((o) => o.code === 'WELCOME50').map((o) => o.reason),
      };
    }
    expect(answers.en).toEqual({
      message: 'This coupon has expired',
      field: ['This coupon has expired'],
      reasons: ['Add ₹379 more to use WELCOME50'],
    });
    expect(answers.hi).toEqual({
      message: 'इस कूपन की तारीख़ निकल चुकी है',
      field: ['इस कूपन की तारीख़ निकल चुकी है'],
      reasons: ['WELCOME50 इस्तेमाल करने के लिए ₹379 का सामान और जोड़ें'],
    });
    expect(answers.kn).toEqual({
      message: 'ಈ ಕೂಪನ್‌ನ ಅವಧಿ ಮುಗಿದಿದೆ',
      field: ['ಈ ಕೂಪನ್‌ನ ಅವಧಿ ಮುಗಿದಿದೆ'],
      reasons: ['WELCOME50 ಬಳಸಲು ಇನ್ನೂ ₹379 ಮೌಲ್ಯದ ಸಾಮಾನು ಸೇರಿಸಿ'],
    });
  });
});

describe('errors and the delivery line', () => {
  it("a pincode the shop does not serve is refused in the shopper's language, English exact", async () => {
    const messages: Record<string, string> = {};
    for (const lang of ['en', 'hi', 'kn'] as const) {
      const res = await (await shopper(lang, null)).get('/s/api/check/pincode/999999');
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('PINCODE_NOT_SERVICEABLE');
      messages[lang] = res.json().message;
    }
    expect(messages).toEqual({
      en: 'Sorry, we do not deliver to 999999 yet.',
      hi: 'माफ़ कीजिए, हम अभी 999999 पर डिलीवरी नहीं करते।',
      kn: 'ಕ್ಷಮಿಸಿ, ನಾವು ಇನ್ನೂ 999999 ಗೆ ಡೆಲಿವರಿ ಮಾಡುವುದಿಲ್ಲ.',
    });
  });

  it("an address's delivery_message is in the language", async () => {
    const home = {
      name: 'Asha',
      phone: '9000000011',
      line1: 'Flat 4B',
      line2: '12 MG Road',
      landmark: 'Near the metro',
      city: 'Bengaluru',
      state: 'Karnataka',
      type: 'home',
    };
    const c = await shopper('en', null);
    await signInAs(t.db, c, shop.users.shopper.id);
    const added = await c.post('/s/api/addresses', { ...home, pincode: '400001' });
    expect(added.statusCode, added.body).toBe(200);
    const served = added.json();
    const unserved = (await c.post('/s/api/addresses', { ...home, pincode: '999999' })).json();
    expect([served.delivery_message, unserved.delivery_message]).toEqual([
      'Delivers here from Mumbai (no cash on delivery)',
      'Sorry, we do not deliver to 999999 yet.',
    ]);
    const lineOf = async (lang: Lang) => {
      const list = (await c.get(`/s/api/addresses?lang=${lang}`)).json().data as { id: number; delivery_message: string }[];
      return [served.id, unserved.id].map((id) => list.find((a) => a.id === id)!.delivery_message);
    };
    expect(await lineOf('hi')).toEqual(['Mumbai से यहाँ डिलीवरी होती है (कैश ऑन डिलीवरी नहीं)', 'माफ़ कीजिए, हम अभी 999999 पर डिलीवरी नहीं करते।']);
    expect(await lineOf('kn')).toEqual(['Mumbai ನಿಂದ ಇಲ್ಲಿಗೆ ಡೆಲಿವರಿ ಆಗುತ್ತದೆ (ಕ್ಯಾಶ್ ಆನ್ ಡೆಲಿವರಿ ಇಲ್ಲ)', 'ಕ್ಷಮಿಸಿ, ನಾವು ಇನ್ನೂ 999999 ಗೆ ಡೆಲಿವರಿ ಮಾಡುವುದಿಲ್ಲ.']);
  });

  it('sign-in errors speak the language; staff calls stay English', async () => {
    const c = await shopper('hi', null);
    expect((await c.get('/s/api/addresses')).json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'आगे बढ़ने के लिए कृपया साइन इन करें।' });
    const staff = await c.get('/s/api/admin/orders');
    expect(staff.statusCode).toBe(401);
    expect(staff.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
    const en = await shopper('en', null);
    expect((await en.get('/s/api/addresses')).json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
  });
});
