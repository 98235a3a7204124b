import { maskIdentifier } from '@grocer/shared/account';
import { PAYMENT_PROVIDER_NAMES } from '@grocer/shared/labels';
import { formatINR, toRupees } from '@grocer/shared/money';
import type { Outbox } from '../outbox';
import type { OrderRow } from './errors';

/**
 * An order placed for a customer by someone else (a sales agent, a staff draft) that awaits the
 * customer's online payment: the link to the shop's own pay page for it, by email and SMS through
 * the outbox. `send` false answers where it would go without sending (a retried call). Answers the
 * masked addresses.
 */
export async function sendPaymentLink(
  outbox: Outbox,
  website: { id: number; name: string },
  order: OrderRow,
  customer: { email: string | null; phone: string | null },
  placedBy: string,
  origin: string,
  send = true,
): Promise<string[]> {
  const link = `${origin}/checkout/${order.paymentMethod}/${order.id}`;
  const amount = formatINR(toRupees(order.total));
  const provider = order.paymentMethod === 'cod' || order.paymentMethod === 'pos' ? null : PAYMENT_PROVIDER_NAMES[order.paymentMethod];
  const m = await messagesOf(outbox, order);
  const text = m.pay.linkText({ placedBy, order: order.ordernumber, shop: website.name, amount, provider, link });
  return sendLink(outbox, website, order, customer, m.pay.linkSubject({ order: order.ordernumber, shop: website.name }), text, send);
}

/**
 * The link to pay the balance a staff edit left on a paid order (issue 40 §12): the same pay page
 * as the order's own link (it pays the open balance once the order is paid), by email and SMS.
 */
export async function sendBalanceLink(
  outbox: Outbox,
  website: { id: number; name: string },
  order: OrderRow,
  customer: { email: string | null; phone: string | null },
  balance: { amount: number; provider: 'razorpay' | 'cashfree' },
  origin: string,
): Promise<string[]> {
  const link = `${origin}/checkout/${balance.provider}/${order.id}`;
  const amount = formatINR(toRupees(balance.amount));
  const m = await messagesOf(outbox, order);
  const p = { order: order.ordernumber, shop: website.name, amount };
  const text = m.pay.balanceText({ ...p, provider: PAYMENT_PROVIDER_NAMES[balance.provider], link });
  return sendLink(outbox, website, order, customer, m.pay.balanceSubject(p), text, true);
}

/** The customer's language (issue 46 §5): their account's, else the order's, else the website's default. */
const messagesOf = (outbox: Outbox, order: OrderRow) =>
  outbox.messagesFor(order.websiteId, { userId: order.userId, orderLanguage: order.language });

async function sendLink(
  outbox: Outbox,
  website: { id: number; name: string },
  order: OrderRow,
  customer: { email: string | null; phone: string | null },
  subject: string,
  text: string,
  send: boolean,
): Promise<string[]> {
  // a payments message: the customer's channel choices are honoured (issue 46 §7), and a channel
  // they turned off is not named as sent
  const about = { kind: 'payments' as const, userId: order.userId };
  const sentTo: string[] = [];
  for (const to of [
    customer.email ? ({ kind: 'email', value: customer.email } as const) : null,
    customer.phone ? ({ kind: 'phone', value: customer.phone } as const) : null,
  ]) {
    if (!to) continue;
    if (!send) {
      sentTo.push(maskIdentifier(to));
      continue;
    }
    const row = await outbox.send(
      to.kind === 'email'
        ? {
            websiteId: website.id,
            channel: 'email',
            to: to.value,
            subject,
            body: text,
            about,
          }
        : { websiteId: website.id, channel: 'sms', to: to.value, body: text, about },
    );
    if (row.status !== 'skipped') sentTo.push(maskIdentifier(to));
  }
  return sentTo;
}
