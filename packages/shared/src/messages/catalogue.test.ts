import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages';
import { formatINR } from '../money';
import { shopDateTime } from '../shop-time';
import { messagesIn } from './catalogue';
import { dateTimeIn, dayIn, monthIn, plural, type Messages } from './types';

// Every message a customer gets or a document prints, rendered in each language (issue 46 §5).
const DEVANAGARI = /[\u0900-\u097F]/;
const KANNADA = /[\u0C80-\u0CFF]/;
const SCRIPT = { hi: DEVANAGARI, kn: KANNADA } as const;

/** Each message of a catalogue rendered with the same values: its path → its text. */
function renderAll(m: Messages): Record<string, string> {
  const order = { order: 'BLR-1042' };
  const out: Record<string, string> = {
    'code.text': m.code.text({ shop: 'Test Grocery', code: '123456', minutes: 10 }),
    'code.subject': m.code.subject({ shop: 'Test Grocery', code: '123456' }),
    'order.statusSubject': m.order.statusSubject({ ...order, status: 'shipped' }),
    'order.refunded': m.order.refunded({ ...order, amount: '₹88' }),
    'order.placedSms': m.order.placedSms({ name: 'Asha', ...order, total: '₹1,250' }),
    'order.confirmedSubject': m.order.confirmedSubject(order),
    'order.confirmedBody': m.order.confirmedBody({
      name: 'Asha',
      ...order,
      lines: ['1 × Curd 400 g: ₹32'],
      total: '₹88',
      cod: true,
      slot: { day: '5 Dec 2026', start: '07:00', end: '09:00' },
      address: 'Flat 4B, 12 MG Road, Bengaluru 560001',
    }),
    'order.changedSubject': m.order.changedSubject(order),
    'order.changedText': m.order.changedText({ ...order, note: 'Curd removed', total: '₹56' }),
    'order.deliveryCodeSubject': m.order.deliveryCodeSubject(order),
    'order.deliveryCodeText': m.order.deliveryCodeText({ ...order, code: '4821' }),
    'pay.linkSubject': m.pay.linkSubject({ ...order, shop: 'Test Grocery' }),
    'pay.linkText': m.pay.linkText({
      placedBy: 'Ravi',
      ...order,
      shop: 'Test Grocery',
      amount: '₹88',
      provider: 'Razorpay',
      link: 'https://x/p',
    }),
    'pay.balanceSubject': m.pay.balanceSubject({ ...order, shop: 'Test Grocery', amount: '₹20' }),
    'pay.balanceText': m.pay.balanceText({ ...order, shop: 'Test Grocery', amount: '₹20', provider: 'Razorpay', link: 'https://x/p' }),
    'khata.statementSubject': m.khata.statementSubject({ month: 'November 2026' }),
    'khata.reminderSubject': m.khata.reminderSubject,
    'khata.statement': m.khata.statement({ month: 'November 2026', owed: '₹500', due: '15 Dec', online: null }),
    'khata.beforeDue': m.khata.beforeDue({ owed: '₹500', due: '15 Dec', online: 'https://x/account/wallet' }),
    'khata.afterDue': m.khata.afterDue({ owed: '₹500', due: '15 Dec', online: null }),
    'subscription.lowBalanceSubject': m.subscription.lowBalanceSubject,
    'subscription.lowBalance': m.subscription.lowBalance({ balance: '₹10', due: '₹60', day: '30 Nov 2026', topUp: '₹50' }),
    'subscription.skippedSubject': m.subscription.skippedSubject({ day: '30 Nov 2026' }),
    'subscription.skippedOutOfStock': m.subscription.skippedOutOfStock({ items: ['Milk 500 ml'] }),
    'subscription.skippedSlotFull': m.subscription.skippedSlotFull,
    'subscription.skippedNoAddress': m.subscription.skippedNoAddress,
    'subscription.partSubject': m.subscription.partSubject({ day: '30 Nov 2026' }),
    'subscription.partOutOfStock': m.subscription.partOutOfStock({ items: ['Milk 500 ml'] }),
    'posReceipt.sms': m.posReceipt.sms({
      shop: 'Test Grocery',
      receipt: 'R-1',
      total: '₹88',
      paid: m.posReceipt.paidBy({ amount: '₹88', method: 'cash' }),
      bill: m.posReceipt.bill({ link: 'https://x/o' }),
    }),
    'posReceipt.subject': m.posReceipt.subject({ shop: 'Test Grocery', receipt: 'R-1' }),
    'posReceipt.email': m.posReceipt.email({
      shop: 'Test Grocery',
      receipt: 'R-1',
      lines: ['Curd × 1: ₹32'],
      total: '₹32',
      paid: '₹32',
      bill: '',
    }),
    'receipt.taxInvoice': m.receipt.taxInvoice,
    'receipt.thanks': m.receipt.thanks,
    'receipt.pricesIncludeGst': m.receipt.pricesIncludeGst({ gst: '₹4.19' }),
    'receipt.khataBalance': m.receipt.khataBalance(-50_000, formatINR),
    'invoice.heading': m.invoice.heading,
    'invoice.total': m.invoice.total({ gst: '₹4.19' }),
    'invoice.payment': m.invoice.payment({ method: m.invoice.method('Cash on delivery'), status: m.invoice.paymentStatus.cod }),
    'invoice.money.summary': m.invoice.money.summary({
      paid: '₹88',
      refunded: '₹88',
      parts: [m.invoice.money.forLines({ amount: '₹32' }), m.invoice.money.onCancel({ amount: '₹56' })],
      pending: null,
      net: '₹0',
    }),
    'invoice.money.refundLine': m.invoice.money.refundLine({
      description: 'Delivery fee',
      reason: m.invoice.money.reason.goodwill,
      amount: '₹20',
      done: true,
    }),
    'invoice.money.changeLine': m.invoice.money.changeLine({ description: 'Curd', amount: '₹32', kind: 'off' }),
    'creditNote.heading': m.creditNote.heading,
    'creditNote.against': m.creditNote.against({ receipt: 'R-1', date: '29 Nov 2026' }),
    'creditNote.reason': m.creditNote.reason({ reason: 'damaged', note: null }),
    'creditNote.keep': m.creditNote.keep,
  };
  for (const s of ['confirmed', 'packed', 'shipped', 'delivered', 'cancelled'] as const)
    out[`order.statusText.${s}`] = m.order.statusText({
      ...order,
      status: s,
      bringer: { person: 'Ravi', phone: '9000000099' },
      refund: s === 'cancelled' ? '₹88' : null,
    });
  return out;
}

describe('the message catalogues', () => {
  it('English is the text the shop always sent, byte for byte', () => {
    const en = renderAll(messagesIn('en'));
    expect(en['code.text']).toBe('Your Test Grocery code is 123456. It expires in 10 minutes. Never share it with anyone.');
    expect(en['code.subject']).toBe('123456 is your Test Grocery code');
    expect(en['order.statusText.shipped']).toBe('Your order BLR-1042 is out for delivery. Ravi (9000000099) is bringing it.');
    expect(en['order.statusText.cancelled']).toBe(
      'Your order BLR-1042 has been cancelled by the shop. Your payment of ₹88 is being refunded.',
    );
    expect(en['order.statusSubject']).toBe('Order BLR-1042: Shipped');
    expect(en['order.confirmedBody']).toBe(
      'Thank you, Asha. Your order BLR-1042 is placed.\n\n1 × Curd 400 g: ₹32\n\nTotal: ₹88 (cash on delivery)\nDelivery: 5 Dec 2026 07:00–09:00\nDeliver to: Flat 4B, 12 MG Road, Bengaluru 560001',
    );
    expect(en['order.deliveryCodeText']).toBe(
      'Your order BLR-1042 is out for delivery. Delivery code: 4821. Give it to the rider only when you have your order.',
    );
    expect(en['pay.linkText']).toBe('Ravi placed order BLR-1042 for you at Test Grocery: ₹88. Pay with Razorpay here: https://x/p');
    expect(en['khata.beforeDue']).toBe(
      'Reminder: ₹500 on your khata is due on 15 Dec. Pay at the counter or online: https://x/account/wallet.',
    );
    expect(en['subscription.lowBalance']).toBe(
      'your wallet has ₹10 but your subscription delivery for 30 Nov 2026 costs ₹60. Top up by ₹50 or more to get it; until then it is held.',
    );
    expect(en['posReceipt.sms']).toBe(
      'Test Grocery: receipt R-1, total ₹88 paid (₹88 by cash). Keep this message for returns. Your bill is in My orders: https://x/o',
    );
    expect(messagesIn('en').posReceipt.paidBy({ amount: '₹5', method: 'upi' })).toBe('₹5 by UPI');
    expect(en['receipt.khataBalance']).toBe('Owes ₹500');
    expect(en['invoice.payment']).toBe('Payment: Cash on delivery (Pay on delivery). Prices include GST.');
    expect(en['invoice.money.summary']).toBe('Paid ₹88 · Refunded ₹88 (₹32 for changed lines, ₹56 on cancellation) · Net ₹0');
    expect(en['invoice.money.changeLine']).toBe('Curd: ₹32 off the total');
    expect(en['creditNote.against']).toBe('Against receipt: <strong>R-1</strong> of 29 Nov 2026');
    expect(en['creditNote.reason']).toBe('Reason: Damaged');
    // a rider's phone is not shown: no empty brackets
    expect(messagesIn('en').order.statusText({ order: 'A', status: 'shipped', bringer: { person: 'Ravi', phone: '' }, refund: null })).toBe(
      'Your order A is out for delivery. Ravi is bringing it.',
    );
  });

  it.each(['hi', 'kn'] as const)('%s: every message is written in its script, keeps its values, and differs from English', (language) => {
    const en = renderAll(messagesIn('en'));
    const them = renderAll(messagesIn(language));
    expect(Object.keys(them)).toEqual(Object.keys(en));
    for (const [k, text] of Object.entries(them)) {
      expect(text, k).toMatch(SCRIPT[language]);
      expect(text, k).not.toBe(en[k]);
      // the values a customer acts on survive translation: order numbers, codes, amounts, links
      for (const v of ['BLR-1042', '123456', '4821', '₹88', 'https://x/p', 'R-1'])
        if (en[k]!.includes(v)) expect(text, `${k} keeps ${v}`).toContain(v);
    }
    expect(Object.values(messagesIn(language).order.status).every((s) => SCRIPT[language].test(s))).toBe(true);
    expect(Object.values(messagesIn(language).invoice.paymentStatus).every((s) => SCRIPT[language].test(s))).toBe(true);
  });

  it('samples read as written (Hindi, Kannada)', () => {
    expect(renderAll(messagesIn('hi'))['order.statusText.confirmed']).toBe('आपका ऑर्डर BLR-1042 दुकान ने कन्फ़र्म कर दिया है।');
    expect(renderAll(messagesIn('kn'))['order.statusText.confirmed']).toBe('ನಿಮ್ಮ ಆರ್ಡರ್ BLR-1042 ಅಂಗಡಿಯಿಂದ ದೃಢೀಕರಿಸಲಾಗಿದೆ.');
    expect(messagesIn('hi').code.subject({ shop: 'Test Grocery', code: '123456' })).toBe('123456 आपका Test Grocery कोड है');
  });
});

describe('plurals (CLDR, as ICU plural)', () => {
  it('chooses the form of the count in each language', () => {
    const minutes = { one: '# minute', other: '# minutes' };
    expect(plural('en', 1, minutes)).toBe('1 minute');
    expect(plural('en', 10, minutes)).toBe('10 minutes');
    // Kannada: 1 is one, others other; Hindi: 0 and 1 are one
    expect(plural('kn', 1, { one: '# ನಿಮಿಷದಲ್ಲಿ', other: '# ನಿಮಿಷಗಳಲ್ಲಿ' })).toBe('1 ನಿಮಿಷದಲ್ಲಿ');
    expect(plural('kn', 10, { one: '# ನಿಮಿಷದಲ್ಲಿ', other: '# ನಿಮಿಷಗಳಲ್ಲಿ' })).toBe('10 ನಿಮಿಷಗಳಲ್ಲಿ');
    expect(plural('hi', 0, { one: 'one', other: 'other' })).toBe('one');
    expect(plural('hi', 2, { one: 'one', other: 'other' })).toBe('other');
    expect(messagesIn('kn').code.text({ shop: 'S', code: '1', minutes: 1 })).toContain('1 ನಿಮಿಷದಲ್ಲಿ');
    expect(messagesIn('kn').code.text({ shop: 'S', code: '1', minutes: 10 })).toContain('10 ನಿಮಿಷಗಳಲ್ಲಿ');
  });
});

describe('days and months in a language', () => {
  it('English as the shop always printed it; Hindi and Kannada with their month names', () => {
    expect(dayIn('en', '2026-12-05')).toBe('5 Dec');
    expect(dayIn('en', '2026-11-30', { year: true })).toBe('30 Nov 2026');
    expect(monthIn('en', '2026-11')).toBe('November 2026');
    expect(monthIn('hi', '2026-11')).toBe('नवंबर 2026');
    expect(monthIn('kn', '2026-11')).toBe('ನವೆಂಬರ್ 2026');
    expect(dayIn('hi', '2026-12-05')).toMatch(DEVANAGARI);
    expect(dayIn('kn', '2026-12-05')).toMatch(KANNADA);
    const at = '2026-11-29T03:35:00Z';
    expect(dateTimeIn('en', at)).toBe(shopDateTime(at));
    for (const l of LANGUAGES) expect(dateTimeIn(l, at)).toContain('2026');
  });
});
