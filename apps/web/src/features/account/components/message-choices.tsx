import {
  reachable,
  type MessageChannel,
  type MessageChoice,
  type MessageChoices as Choices,
  type MessageKind,
} from '@grocer/shared/message-choices';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Spinner } from '../../../components/ui/loading';
import { handleError, readError } from '../../../lib/errors';
import { msg, t } from '../../../lib/i18n';
import { messageChoicesQuery, saveMessageChoices } from '../api/messages';

const KINDS: Record<MessageKind, { name: string; what: string }> = {
  orders: { name: msg('Order updates'), what: msg('Placed, confirmed, out for delivery, delivered, refunded') },
  payments: { name: msg('Payments and wallet'), what: msg('Payment links, low balance, khata statements and reminders') },
  subscriptions: { name: msg('Subscriptions'), what: msg('Skipped deliveries, holds, price changes') },
  offers: { name: msg('Back in stock'), what: msg('When something you asked for is back') },
};
const CHANNELS: Record<MessageChannel, string> = { whatsapp: msg('WhatsApp'), sms: msg('SMS'), email: msg('Email') };

/**
 * The profile's "Messages from the shop" (issue 46 §7): for each kind of message, the channels that
 * can reach the shopper (WhatsApp when the shop uses it, email when the account has one), each tick
 * saved at once. Order updates keep one channel at least: unticking the last says so and sends nothing.
 */
export function MessageChoices() {
  const client = useQueryClient();
  const { data, error, isPending } = useQuery(messageChoicesQuery);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (isPending)
    return (
      <section className="mt-6 rounded-xl border bg-white p-5">
        <Spinner />
      </section>
    );
  if (error) return <p className="mt-6 text-red-600">{readError(error)}</p>;

  const toggle = async (row: MessageChoice, channel: MessageChannel, box: HTMLInputElement) => {
    const next = { ...row, [channel]: box.checked };
    if (row.kind === 'orders' && !reachable(next, data.channels)) {
      // the server says the same (ORDERS_NEED_A_CHANNEL); nothing is sent
      box.checked = true;
      setProblem(t('Order updates need at least one way to reach you'));
      return;
    }
    setProblem(null);
    const before = data;
    const shown: Choices = { ...data, choices: data.choices.map((c) => (c.kind === row.kind ? next : c)) };
    client.setQueryData(messageChoicesQuery.queryKey, shown);
    setSaving(true);
    try {
      client.setQueryData(messageChoicesQuery.queryKey, await saveMessageChoices([next]));
    } catch (err) {
      client.setQueryData(messageChoicesQuery.queryKey, before);
      handleError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="message-choices" className="mt-6 rounded-xl border bg-white p-5" aria-busy={saving}>
      <h2 id="message-choices" className="text-lg font-semibold">
        {t('Messages from the shop')}
      </h2>
      <p className="mb-3 text-sm text-gray-600">
        {t('Choose how we tell you about each. Sign-in codes always come where you ask for them.')}
      </p>
      {data.whatsapp_stopped && (
        <p className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t('You replied STOP on WhatsApp, so WhatsApp is off. Tick it again to turn it back on.')}
        </p>
      )}
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b text-left">
            <th scope="col" className="py-2 pr-2 font-medium">
              <span className="sr-only">{t('Message')}</span>
            </th>
            {data.channels.map((ch) => (
              <th key={ch} scope="col" className="w-16 px-1 py-2 text-center font-medium">
                {t(CHANNELS[ch])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.choices.map((row) => (
            <tr key={row.kind} className="border-b last:border-0">
              <th scope="row" className="py-3 pr-2 text-left align-top font-normal">
                <span className="block font-medium">{t(KINDS[row.kind].name)}</span>
                <span className="block text-xs text-gray-600">{t(KINDS[row.kind].what)}</span>
              </th>
              {data.channels.map((ch) => (
                <td key={ch} className="px-1 py-3 text-center align-top">
                  <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
                    <input
                      type="checkbox"
                      className="h-5 w-5"
                      checked={row[ch]}
                      aria-label={t('{kind} by {channel}', { kind: t(KINDS[row.kind].name), channel: t(CHANNELS[ch]) })}
                      onChange={(e) => void toggle(row, ch, e.currentTarget)}
                    />
                  </label>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {problem && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {problem}
        </p>
      )}
    </section>
  );
}
