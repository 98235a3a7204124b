import { SHOPPER_PAYMENT_STATUS_LABELS } from '../labels';
import { CHANGE_REASON_LABELS, ORDER_STATUS_LABELS } from '../order';
import { RETURN_REASON_LABELS } from '../pos';
import { khataBalanceText } from '../wallet';
import type { Messages } from './types';
import { errors, storefront } from './storefront/en';

// The texts the shop always sent and printed, byte for byte (tests and the spec quote them).

const SAY = {
  confirmed: 'has been confirmed by the shop',
  packed: 'is packed and waiting for delivery',
  shipped: 'is out for delivery',
  delivered: 'has been delivered. Thank you for shopping with us',
  cancelled: 'has been cancelled by the shop',
} as const;

const online = (o: string | null) => (o ? ` or online: ${o}` : '');

export const en: Messages = {
  language: 'en',
  storefront,
  errors,
  code: {
    text: (p) => `Your ${p.shop} code is ${p.code}. It expires in ${p.minutes} minutes. Never share it with anyone.`,
    subject: (p) => `${p.code} is your ${p.shop} code`,
  },
  whatsapp: {
    stopped: (p) => `You will get no more WhatsApp messages from ${p.shop}. Reply START to turn them back on.`,
    started: (p) => `WhatsApp messages from ${p.shop} are on again. Reply STOP to turn them off.`,
  },
  order: {
    status: ORDER_STATUS_LABELS,
    statusSubject: (p) => `Order ${p.order}: ${ORDER_STATUS_LABELS[p.status]}`,
    statusText: (p) =>
      `Your order ${p.order} ${SAY[p.status]}.${p.status === 'shipped' && p.bringer ? ` ${p.bringer.person}${p.bringer.phone ? ` (${p.bringer.phone})` : ''} is bringing it.` : ''}${p.refund ? ` Your payment of ${p.refund} is being refunded.` : ''}`,
    refunded: (p) => `Your refund of ${p.amount} for order ${p.order} is on its way.`,
    placedSms: (p) => `Thank you${p.name ? `, ${p.name}` : ''}. Your order ${p.order} is placed. Total: ${p.total}.`,
    confirmedSubject: (p) => `Order ${p.order} confirmed`,
    confirmedBody: (p) =>
      `Thank you, ${p.name}. Your order ${p.order} is placed.\n\n${p.lines.join('\n')}\n\nTotal: ${p.total} (${p.cod ? 'cash on delivery' : 'paid online'})${p.slot ? `\nDelivery: ${p.slot.day} ${p.slot.start}–${p.slot.end}` : ''}\nDeliver to: ${p.address}`,
    changedSubject: (p) => `Order ${p.order}: items changed`,
    changedText: (p) => `Your order ${p.order} has changed: ${p.note}. New total: ${p.total}.`,
    deliveryCodeSubject: (p) => `Order ${p.order}: delivery code`,
    deliveryCodeText: (p) =>
      `Your order ${p.order} is out for delivery. Delivery code: ${p.code}. Give it to the rider only when you have your order.`,
  },
  pay: {
    linkSubject: (p) => `Pay for your order ${p.order} at ${p.shop}`,
    linkText: (p) =>
      `${p.placedBy} placed order ${p.order} for you at ${p.shop}: ${p.amount}. Pay${p.provider ? ` with ${p.provider}` : ''} here: ${p.link}`,
    balanceSubject: (p) => `Pay ${p.amount} more for your order ${p.order} at ${p.shop}`,
    balanceText: (p) => `Your order ${p.order} at ${p.shop} was changed and costs ${p.amount} more. Pay with ${p.provider} here: ${p.link}`,
  },
  khata: {
    statementSubject: (p) => `Your khata statement for ${p.month}`,
    reminderSubject: 'Khata payment reminder',
    statement: (p) => `Your khata statement for ${p.month}: ${p.owed} owed. Please pay by ${p.due} at the counter${online(p.online)}.`,
    beforeDue: (p) => `Reminder: ${p.owed} on your khata is due on ${p.due}. Pay at the counter${online(p.online)}.`,
    afterDue: (p) => `Your khata payment of ${p.owed} was due on ${p.due}. Please pay at the counter${online(p.online)}.`,
  },
  subscription: {
    lowBalanceSubject: 'Low wallet balance',
    lowBalance: (p) =>
      `your wallet has ${p.balance} but your subscription delivery for ${p.day} costs ${p.due}. Top up by ${p.topUp} or more to get it; until then it is held.`,
    skippedSubject: (p) => `No delivery on ${p.day}`,
    skippedOutOfStock: (p) =>
      `${p.items.join(', ')} is out of stock, so your subscription delivery is skipped. Your wallet was not charged.`,
    skippedSlotFull: 'your delivery slot is full, so your subscription delivery is skipped. Your wallet was not charged.',
    skippedNoAddress: 'we cannot deliver to your subscription address. Your wallet was not charged.',
    partSubject: (p) => `Part of your ${p.day} delivery`,
    partOutOfStock: (p) => `${p.items.join(', ')} is out of stock and was left out; you were not charged for it.`,
    priceChangeSubject: 'New subscription price',
    priceChange: (p) =>
      `the price of ${p.item} changes from ${p.old} to ${p.price} per pack for deliveries from ${p.from}. To change or skip a delivery, open My subscriptions before the cut-off.`,
    onKhataSubject: (p) => `Your ${p.day} delivery is on khata`,
    onKhata: (p) => `your wallet was short, so ${p.amount} was put on your khata. You now owe ${p.balance}.`,
  },
  posReceipt: {
    paidBy: (p) => `${p.amount} by ${p.method === 'upi' ? 'UPI' : p.method}`,
    bill: (p) => ` Your bill is in My orders: ${p.link}`,
    sms: (p) => `${p.shop}: receipt ${p.receipt}, total ${p.total} paid (${p.paid}). Keep this message for returns.${p.bill}`,
    subject: (p) => `Your receipt ${p.receipt} from ${p.shop}`,
    email: (p) =>
      [
        `Thank you for shopping at ${p.shop}.`,
        '',
        `Receipt ${p.receipt}`,
        ...p.lines,
        '',
        `Total ${p.total}, paid ${p.paid}.`,
        'Keep this receipt for returns.' + p.bill,
      ].join('\n'),
  },
  receipt: {
    title: (p) => `Receipt ${p.receipt}`,
    taxInvoice: 'TAX INVOICE (cash memo)',
    receipt: 'Receipt',
    customer: 'Customer',
    items: 'Items',
    discount: 'Discount',
    total: 'TOTAL',
    cashTendered: 'Cash tendered',
    change: 'Change',
    upi: 'UPI',
    card: 'Card',
    onKhata: 'On khata',
    khataBalanceLabel: 'Khata balance',
    khataBalance: khataBalanceText,
    returned: 'returned',
    hsnHead: 'HSN @GST',
    taxable: 'Taxable',
    pricesIncludeGst: (p) => `Prices include GST ${p.gst}.`,
    offline: 'Rung up offline: the same number is kept when it syncs.',
    thanks: 'Thank you! Returns with this receipt.',
  },
  creditNote: {
    title: (p) => `Credit note ${p.number}`,
    heading: 'CREDIT NOTE (return receipt)',
    number: 'Credit note',
    against: (p) => `Against receipt: <strong>${p.receipt}</strong> of ${p.date}`,
    reason: (p) => `Reason: ${RETURN_REASON_LABELS[p.reason] ?? p.reason}${p.note ? ` (${p.note})` : ''}`,
    returned: 'returned',
    gstLine: (p) => `GST ${p.rate}% · HSN ${p.hsn} · taxable ${p.taxable}`,
    total: 'RETURN TOTAL',
    cash: 'Refunded in cash',
    upi: 'Refunded by UPI',
    card: 'Refunded to card',
    khata: 'Back to your khata',
    rounding: 'Cash rounding',
    gstReversed: (p) => `GST reversed ${p.gst} (included above).`,
    backToStock: 'Goods back to stock.',
    keep: 'Keep this credit note with your receipt.',
  },
  invoice: {
    title: (p) => `Tax invoice ${p.order}`,
    heading: 'Tax Invoice',
    number: (p) => `Invoice no. ${p.order} · ${p.date}`,
    status: (p) => `Status: ${p.status}`,
    billTo: 'Bill / ship to',
    mobile: 'Mobile',
    placeOfSupply: 'Place of supply',
    intra: 'Intra-state: CGST + SGST',
    inter: 'Inter-state: IGST',
    head: { item: 'Item', hsn: 'HSN', qty: 'Qty', rate: 'Rate (incl. GST)', gst: 'GST', taxable: 'Taxable value', amount: 'Amount' },
    inTheAmount: 'in the amount',
    totals: 'Totals',
    lessDiscount: (p) => `Items ${p.items} less ${p.what} ${p.discount} (spread over the lines above)`,
    coupon: (p) => `Coupon ${p.code}`,
    delivery: 'Delivery',
    tip: (p) => `Tip for the delivery person (passed on in full; not a supply of ${p.shop}, no GST)`,
    total: (p) => `Total (incl. GST ${p.gst})`,
    byRate: 'GST by rate',
    gstRate: 'GST rate',
    totalTax: 'Total tax',
    payment: (p) => `Payment: ${p.method} (${p.status}). Prices include GST.`,
    walletPart: (p) => `Paid ${p.wallet} from the wallet and ${p.rest} by ${p.method}.`,
    paymentStatus: SHOPPER_PAYMENT_STATUS_LABELS,
    method: (english) => english,
    print: 'Print or save as PDF',
    money: {
      forLines: (p) => `${p.amount} for changed lines`,
      onCancel: (p) => `${p.amount} on cancellation`,
      other: (p) => `${p.amount} goodwill and other refunds`,
      summary: (p) =>
        `Paid ${p.paid} · Refunded ${p.refunded}${p.parts.length ? ` (${p.parts.join(', ')})` : ''}${p.pending ? ` · Refund pending ${p.pending}` : ''} · Net ${p.net}`,
      refundsHead: '<strong>Refunds by the shop</strong> (the lines and totals above are unchanged)',
      changedHead: '<strong>Changed after the order was placed</strong> (the lines and totals above are as delivered)',
      reason: CHANGE_REASON_LABELS,
      refundLine: (p) => `${p.description} (${p.reason}): ${p.amount} ${p.done ? 'refunded' : 'refund pending'}`,
      changeLine: (p) =>
        `${p.description}: ${p.kind === 'off' ? `${p.amount} off the total` : p.kind === 'refunded' ? `${p.amount} refunded` : p.kind === 'added' ? `${p.amount} added` : 'no change'}`,
    },
  },
};
