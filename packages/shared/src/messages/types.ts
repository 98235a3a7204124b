import type { Language } from '../languages';
import { SHOP_TIME_ZONE } from '../shop-time';
import type { CHANGE_REASON_LABELS, OrderStatus, PaymentStatus } from '../order';
type ChangeReason = keyof typeof CHANGE_REASON_LABELS;
import type { ReturnReason } from '../pos';
import type { CouponRefusal } from '../coupon';
import type { ERRORS, ErrorCode } from '../errors';

/**
 * The error catalogue's messages (`@grocer/shared/errors`) a shopper can meet, in a language: each
 * with the English one's details. A code a language leaves out is said in English (staff calls
 * always are: http/errors.ts translates on the storefront's calls only).
 */
export type ErrorTexts = {
  [C in ErrorCode]?: string | ((typeof ERRORS)[C]['message'] extends (d: infer D) => string ? (d: D) => string : never);
};

/**
 * What the shop sends or prints for a customer (issue 46 §5), one typed catalogue per language
 * (en.ts, hi.ts, kn.ts): each message a function of its values, so a missing message or value is
 * a type error, not a blank in a customer's SMS. Plurals go through `plural` (Intl.PluralRules, the
 * CLDR rules ICU's `{n, plural, …}` uses). The English texts are the ones the shop always sent,
 * byte for byte (the spec and the tests quote them). Amounts come formatted (`formatINR`: ₹ with
 * Indian grouping in every language), days through `dayIn` / `monthIn` (translated month names).
 */
export interface Messages {
  language: Language;
  /** a sign-in code (the shopper may not be signed in: the request's language) */
  code: {
    text(p: { shop: string; code: string; minutes: number }): string;
    subject(p: { shop: string; code: string }): string;
  };
  /** the answer to a customer's WhatsApp STOP or START (a plain text reply, issue 46 §7) */
  whatsapp: {
    stopped(p: { shop: string }): string;
    started(p: { shop: string }): string;
  };
  order: {
    /** the order's status as the shopper reads it */
    status: Record<OrderStatus, string>;
    statusSubject(p: { order: string; status: OrderStatus }): string;
    /** the status messages: `bringer` when out for delivery (`phone` may be empty: a rider's is not shown), `refund` the amount being refunded on a cancelled paid order */
    statusText(p: {
      order: string;
      status: 'confirmed' | 'packed' | 'shipped' | 'delivered' | 'cancelled';
      bringer: { person: string; phone: string } | null;
      refund: string | null;
    }): string;
    refunded(p: { order: string; amount: string }): string;
    placedSms(p: { name: string | null; order: string; total: string }): string;
    confirmedSubject(p: { order: string }): string;
    confirmedBody(p: {
      name: string;
      order: string;
      /** one per line, already written */
      lines: string[];
      total: string;
      cod: boolean;
      slot: { day: string; start: string; end: string } | null;
      address: string;
    }): string;
    changedSubject(p: { order: string }): string;
    changedText(p: { order: string; note: string; total: string }): string;
    deliveryCodeSubject(p: { order: string }): string;
    deliveryCodeText(p: { order: string; code: string }): string;
  };
  /** the link to pay an order placed for the customer, or the balance an edit left */
  pay: {
    linkSubject(p: { order: string; shop: string }): string;
    linkText(p: { placedBy: string; order: string; shop: string; amount: string; provider: string | null; link: string }): string;
    balanceSubject(p: { order: string; shop: string; amount: string }): string;
    balanceText(p: { order: string; shop: string; amount: string; provider: string; link: string }): string;
  };
  khata: {
    statementSubject(p: { month: string }): string;
    reminderSubject: string;
    /** `online`: the shop's account page, when known */
    statement(p: { month: string; owed: string; due: string; online: string | null }): string;
    beforeDue(p: { owed: string; due: string; online: string | null }): string;
    afterDue(p: { owed: string; due: string; online: string | null }): string;
  };
  subscription: {
    lowBalanceSubject: string;
    lowBalance(p: { balance: string; due: string; day: string; topUp: string }): string;
    skippedSubject(p: { day: string }): string;
    skippedOutOfStock(p: { items: string[] }): string;
    skippedSlotFull: string;
    skippedNoAddress: string;
    partSubject(p: { day: string }): string;
    partOutOfStock(p: { items: string[] }): string;
    /** a subscribed pack's price changes (issue 44 §5): told before it applies */
    priceChangeSubject: string;
    priceChange(p: { item: string; old: string; price: string; from: string }): string;
    /** a delivery the wallet could not pay, put on the customer's khata */
    onKhataSubject(p: { day: string }): string;
    onKhata(p: { amount: string; balance: string }): string;
  };
  /**
   * What the server writes to a shopper on the storefront (issue 46): the cart's and checkout's
   * notes, a coupon's refusal, an address's delivery line, the restock alert. Amounts come formatted.
   */
  storefront: {
    freeDelivery: string;
    moreForFreeDelivery(p: { amount: string }): string;
    notDeliveredTo(p: { pincode: string }): string;
    /** a cart line not stocked where the pincode is served */
    itemNotDeliveredTo(p: { item: string; pincode: string }): string;
    itemNotAtLocation(p: { item: string }): string;
    outOfStock: string;
    /** `left`: a count, or a weight ("750 g") */
    onlyLeft(p: { left: string }): string;
    /** a coupon the cart dropped on a later load; `reason` from `couponRefused` */
    couponRemoved(p: { code: string; reason: string }): string;
    couponRefused(refusal: CouponRefusal): string;
    /** a listed offer on an empty cart */
    addItemsForOffer: string;
    /** an address the shop delivers to (`cod` false: no cash on delivery there) */
    deliversHere(p: { zone: string; cod: boolean }): string;
    backInStockSubject(p: { name: string }): string;
    backInStockText(p: { name: string; link: string }): string;
  };
  /** the error catalogue's messages in this language (English: the catalogue's own, none here) */
  errors: ErrorTexts;
  /** a counter sale's receipt sent by SMS or email */
  posReceipt: {
    paidBy(p: { amount: string; method: 'cash' | 'upi' | 'card' | 'khata' }): string;
    bill(p: { link: string }): string;
    sms(p: { shop: string; receipt: string; total: string; paid: string; bill: string }): string;
    subject(p: { shop: string; receipt: string }): string;
    email(p: { shop: string; receipt: string; lines: string[]; total: string; paid: string; bill: string }): string;
  };
  /** the printed 80 mm receipt */
  receipt: {
    title(p: { receipt: string }): string;
    taxInvoice: string;
    receipt: string;
    customer: string;
    items: string;
    discount: string;
    total: string;
    cashTendered: string;
    change: string;
    upi: string;
    card: string;
    onKhata: string;
    khataBalanceLabel: string;
    khataBalance(balancePaise: number, format: (rupees: number) => string): string;
    returned: string;
    hsnHead: string;
    taxable: string;
    pricesIncludeGst(p: { gst: string }): string;
    offline: string;
    thanks: string;
  };
  /** a counter return's credit note (80 mm) */
  creditNote: {
    title(p: { number: string }): string;
    heading: string;
    number: string;
    /** HTML (the receipt number in bold): the values come escaped */
    against(p: { receipt: string; date: string }): string;
    reason(p: { reason: ReturnReason; note: string | null }): string;
    returned: string;
    gstLine(p: { rate: string; hsn: string; taxable: string }): string;
    total: string;
    cash: string;
    upi: string;
    card: string;
    /** the part credited back to the customer's khata (a sale put on khata) */
    khata: string;
    rounding: string;
    gstReversed(p: { gst: string }): string;
    backToStock: string;
    keep: string;
  };
  /** the A4 GST tax invoice */
  invoice: {
    title(p: { order: string }): string;
    heading: string;
    number(p: { order: string; date: string }): string;
    status(p: { status: string }): string;
    billTo: string;
    mobile: string;
    placeOfSupply: string;
    intra: string;
    inter: string;
    head: { item: string; hsn: string; qty: string; rate: string; gst: string; taxable: string; amount: string };
    inTheAmount: string;
    totals: string;
    lessDiscount(p: { items: string; what: string; discount: string }): string;
    coupon(p: { code: string }): string;
    delivery: string;
    tip(p: { shop: string }): string;
    total(p: { gst: string }): string;
    byRate: string;
    gstRate: string;
    totalTax: string;
    payment(p: { method: string; status: string }): string;
    /** a split payment (issue 44): the wallet's part and the rest by the method named */
    walletPart(p: { wallet: string; method: string; rest: string }): string;
    paymentStatus: Record<PaymentStatus, string>;
    /** a payment method's name, from its English (`paymentMethodName`): brand names stay as they are */
    method(english: string): string;
    print: string;
    /** money given back on the order (the refund summary) and the changes after it was placed */
    money: {
      forLines(p: { amount: string }): string;
      onCancel(p: { amount: string }): string;
      other(p: { amount: string }): string;
      summary(p: { paid: string; refunded: string; parts: string[]; pending: string | null; net: string }): string;
      /** HTML (a bold title, then a note) */
      refundsHead: string;
      changedHead: string;
      reason: Record<ChangeReason, string>;
      refundLine(p: { description: string; reason: string; amount: string; done: boolean }): string;
      changeLine(p: { description: string; amount: string; kind: 'off' | 'refunded' | 'added' | 'none' }): string;
    };
  };
}

/** A date's language tag for Intl; English keeps the locale the shop always printed with. */
const TAGS: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', kn: 'kn-IN' };

/**
 * The plural form of `n` in `language` (CLDR, as ICU's `{n, plural, one {…} other {…}}`), `#` in the
 * chosen form replaced by `n`. `other` is always given; a language's other forms when it has them.
 */
export function plural(language: Language, n: number, forms: { one?: string; few?: string; many?: string; other: string }): string {
  const form = forms[new Intl.PluralRules(TAGS[language]).select(n) as keyof typeof forms] ?? forms.other;
  return form.replace(/#/g, String(n));
}

/** A shop day ('2026-12-05') as the messages say it: '5 Dec' / '5 दिसं॰' / '5 ಡಿಸೆಂ', with the year when asked. */
export function dayIn(language: Language, day: string, o: { year?: boolean; month?: 'short' | 'long' } = {}): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(TAGS[language], {
    day: 'numeric',
    month: o.month ?? 'short',
    ...(o.year && { year: 'numeric' }),
    timeZone: 'UTC',
  });
}

/** A month ('2026-11') named in the language: 'November 2026' / 'नवंबर 2026' / 'ನವೆಂಬರ್ 2026'. */
export const monthIn = (language: Language, month: string): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString(TAGS[language], { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A moment as receipts print it (shop time, medium date + short time): '29 Nov 2026, 9:05 am' in English. */
export const dateTimeIn = (language: Language, at: Date | string | number): string =>
  new Date(at).toLocaleString(TAGS[language], { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });
