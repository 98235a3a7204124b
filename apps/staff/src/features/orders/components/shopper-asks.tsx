import type { AdminOrder } from '@grocer/shared/admin-orders';
import { DELIVERY_INSTRUCTION_LABELS, SUBSTITUTION_LABELS } from '@grocer/shared/delivery-prefs';
import { formatINR } from '@grocer/shared/money';
import { t } from '../../../lib/i18n';

/**
 * What the shopper asked at checkout (issue 39 §16), at the top of the order screen where the packer
 * and the delivery person read it: what to do with an unavailable item, how to deliver, the tip.
 */
export function ShopperAsks({ order: o }: { order: AdminOrder }) {
  const asks = (o.delivery_instructions ?? []).map((i) => DELIVERY_INSTRUCTION_LABELS[i]);
  const substitution = SUBSTITUTION_LABELS[o.substitution ?? 'call'];
  return (
    <section
      aria-label={t("Customer's instructions")}
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-3">
        <div>
          <dt className="text-xs font-semibold text-amber-800 uppercase">{t('If an item is unavailable')}</dt>
          <dd className="text-base font-semibold" data-testid="substitution">
            {substitution}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-amber-800 uppercase">{t('Delivery instructions')}</dt>
          <dd className="font-medium" data-testid="delivery-instructions">
            {asks.length ? asks.join(' · ') : t('None')}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-amber-800 uppercase">{t('Tip for the delivery person')}</dt>
          <dd className="font-medium">{o.tip ? t('{tip} (in the total; pass it on)', { tip: formatINR(o.tip) }) : t('No tip')}</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * The shopper's substitution preference where staff change a line: "Refund the item" and "Call me"
 * are said before anyone substitutes (a substitute against "Refund the item" asks for the reason
 * "Customer asked", i.e. they agreed on the phone).
 */
export function SubstitutionNotice({ order: o, substituting }: { order: AdminOrder; substituting: boolean }) {
  const pref = o.substitution ?? 'call';
  const text =
    pref === 'refund'
      ? 'The customer asked for a refund of unavailable items: remove the line rather than substitute, unless they agree on the phone.'
      : pref === 'call'
        ? `The customer asked to be called first${o.customer.phone || o.address.phone ? ` (${o.customer.phone ?? o.address.phone})` : ''}: agree the substitute before you save it.`
        : 'The customer accepts a similar item.';
  return (
    <p
      role={pref !== 'replace' && substituting ? 'alert' : undefined}
      className={`rounded-md px-3 py-2 ${pref === 'replace' ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-100 font-medium text-amber-950'}`}
    >
      <span className="font-semibold">{t('Customer’s choice: {choice}.', { choice: SUBSTITUTION_LABELS[pref] })}</span> {text}
    </p>
  );
}
