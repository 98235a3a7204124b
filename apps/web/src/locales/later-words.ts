import { msg } from '../lib/i18n';

/**
 * English words that packages/shared gives the account, checkout and sign-in pages (labels, not
 * messages of this app), marked so the extractor puts them in the later catalogues
 * (catalogue.ts LATER_SOURCES); rendered with `t(LABELS[x])`. Keep in step with the files named.
 */
export const LATER_SHARED_WORDS = [
  // labels.ts PAYMENT_PROVIDER_NAMES, paymentMethodLabel, PAY_VIA_LABELS
  msg('Cash on Delivery'),
  msg('Paid at the counter'),
  msg('Wallet'),
  msg('On khata'),
  msg('UPI, cards, netbanking & wallets'),
  msg('Online payment'),
  msg('UPI'),
  msg('Google Pay, PhonePe, Paytm, BHIM or any UPI app'),
  msg('Credit or debit card'),
  msg('Visa, Mastercard, RuPay'),
  msg('Netbanking'),
  msg('All major banks'),
  msg('Wallets'),
  msg('Paytm, PhonePe, Amazon Pay and more'),
  // delivery-prefs.ts DELIVERY_INSTRUCTION_LABELS, SUBSTITUTION_LABELS
  msg('Leave at the door'),
  msg('Call before delivery'),
  msg("Don't ring the bell"),
  msg('Call me'),
  msg('Replace with similar'),
  msg('Refund the item'),
  // order.ts ORDER_STATUS_LABELS; labels.ts SHOPPER_PAYMENT_STATUS_LABELS
  msg('Awaiting payment'),
  msg('Placed'),
  msg('Confirmed'),
  msg('Packed'),
  msg('Shipped'),
  msg('Delivered'),
  msg('Cancelled'),
  msg('Payment failed'),
  msg('Paid'),
  msg('Failed'),
  msg('Pay on delivery'),
  msg('Refund started'),
  msg('Refunded'),
  msg('Paid in cash'),
  msg('Not charged'),
  // account.ts IDENTIFIER_MESSAGE
  msg('Enter a valid email or 10-digit mobile number'),
  // wallet.ts ENTRY_REASON_LABEL
  msg('Top-up'),
  msg('Order paid'),
  msg('Refund'),
  msg('Cashback'),
  msg('Goodwill credit'),
  msg('Bought on khata'),
  msg('Khata payment'),
  msg('Adjustment'),
  // validation.ts messages
  msg('Mobile must be 10 digits starting with 6, 7, 8 or 9'),
  msg('Pincode must be 6 digits'),
  msg('This field'),
  // support.ts ISSUE_KIND_LABELS
  msg('Item missing'),
  msg('Item damaged or leaking'),
  msg('Wrong item delivered'),
  msg('Poor quality or expired'),
  msg('Something else'),
];

/** account.ts ADDRESS_TYPES, as an address's chip reads them. */
export const ADDRESS_TYPES: Record<string, string> = { home: msg('home'), work: msg('work'), other: msg('other') };
