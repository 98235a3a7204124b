import { formatINR, toRupees } from '@grocer/shared/money';
import { upiUri } from '@grocer/shared/pos';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { khataBalanceText } from '@grocer/shared/wallet';
import { tenderPayment, type KhataAtTill } from '../payment';
import { t } from '../../../lib/i18n';

export interface Payment {
  cash: number;
  cash_tendered: number;
  upi: number;
  card: number;
  card_ref: string | null;
  /** ₹ on the customer's khata (only when some is) */
  khata?: number;
}

const money = 'min-h-11 w-28 rounded border px-2 py-1 text-right text-sm md:min-h-0';

/**
 * Taking the money: cash (tendered, change shown), UPI (a QR for the exact UPI part from the shop's
 * VPA, then "received"), card (the terminal's reference), or a split; the parts must add up to the
 * bill. Enter completes when they do.
 */
export function PayPanel(props: {
  totalPaise: number;
  vpa: string;
  payee: string;
  note: string;
  busy: boolean;
  /** the chosen customer's open khata: a "Khata" part is offered, up to the credit left */
  khata?: (KhataAtTill & { balancePaise: number }) | null;
  onPay: (p: Payment) => void;
  onCancel: () => void;
}) {
  const total = toRupees(props.totalPaise);
  const [cash, setCash] = useState(String(total));
  const [tendered, setTendered] = useState('');
  const [upi, setUpi] = useState('0');
  const [card, setCard] = useState('0');
  const [cardRef, setCardRef] = useState('');
  const [upiReceived, setUpiReceived] = useState(false);
  const [khata, setKhata] = useState('0');
  const [qr, setQr] = useState('');
  const {
    parts: p,
    khataPaise,
    tenderedPaise,
    change,
    problems,
  } = tenderPayment(props.totalPaise, { cash, tendered, upi, card, cardRef, upiReceived, khata }, props.vpa, props.khata);

  useEffect(() => {
    if (p.upi <= 0 || !props.vpa) return setQr('');
    let live = true;
    void QRCode.toDataURL(upiUri({ vpa: props.vpa, payee: props.payee, amountPaise: p.upi, note: props.note }), {
      margin: 1,
      width: 180,
    }).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [p.upi, props.vpa, props.payee, props.note]);

  const only = (m: 'cash' | 'upi' | 'card' | 'khata') => {
    setCash(m === 'cash' ? String(total) : '0');
    setUpi(m === 'upi' ? String(total) : '0');
    setCard(m === 'card' ? String(total) : '0');
    setKhata(m === 'khata' ? String(total) : '0');
  };
  const submit = () => {
    if (problems.length || props.busy) return;
    props.onPay({
      cash: toRupees(p.cash),
      cash_tendered: toRupees(tenderedPaise),
      upi: toRupees(p.upi),
      card: toRupees(p.card),
      card_ref: cardRef.trim() || null,
      ...(khataPaise > 0 && { khata: toRupees(khataPaise) }),
    });
  };

  return (
    <form
      aria-label={t('Payment')}
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      onKeyDown={(e) => e.key === 'Escape' && props.onCancel()}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{t('Pay {total}', { total: formatINR(total) })}</h2>
        <div className="flex gap-1 text-sm">
          {(props.khata ? (['cash', 'upi', 'card', 'khata'] as const) : (['cash', 'upi', 'card'] as const)).map((m) => (
            <button
              key={m}
              type="button"
              className="min-h-11 rounded border px-2 py-1 hover:bg-gray-100 md:min-h-0"
              onClick={() => only(m)}
            >
              {t('All')} {m === 'upi' ? t('UPI') : m}
            </button>
          ))}
        </div>
      </div>
      <div className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2 text-sm">
        <label htmlFor="pay-cash">{t('Cash')}</label>
        <input id="pay-cash" className={money} inputMode="decimal" value={cash} onChange={(e) => setCash(e.target.value)} />
        <label htmlFor="pay-tendered">{t('Cash tendered')}</label>
        <div className="flex flex-wrap items-center gap-x-3">
          <input
            id="pay-tendered"
            autoFocus
            className={money}
            inputMode="decimal"
            placeholder={String(toRupees(p.cash))}
            value={tendered}
            onChange={(e) => setTendered(e.target.value)}
          />
          <span aria-live="polite" className="font-semibold">
            {t('Change:')} {change === null ? '—' : formatINR(toRupees(change))}
          </span>
        </div>
        <label htmlFor="pay-upi">{t('UPI')}</label>
        <input id="pay-upi" className={money} inputMode="decimal" value={upi} onChange={(e) => setUpi(e.target.value)} />
        <label htmlFor="pay-card">{t('Card')}</label>
        <div className="flex flex-wrap items-center gap-2">
          <input id="pay-card" className={money} inputMode="decimal" value={card} onChange={(e) => setCard(e.target.value)} />
          <input
            aria-label={t('Card terminal reference')}
            className="min-h-11 w-40 rounded border px-2 py-1 text-sm md:min-h-0"
            placeholder={t('Terminal ref.')}
            value={cardRef}
            onChange={(e) => setCardRef(e.target.value)}
          />
        </div>
        {props.khata && (
          <>
            <label htmlFor="pay-khata">{t('Khata')}</label>
            <div className="flex flex-wrap items-center gap-x-3">
              <input id="pay-khata" className={money} inputMode="decimal" value={khata} onChange={(e) => setKhata(e.target.value)} />
              <span className="text-xs text-gray-600" data-testid="pay-khata-left">
                {t('{available} of credit left · {khataBalanceText} after', {
                  available: formatINR(toRupees(props.khata.availablePaise)),
                  khataBalanceText: khataBalanceText(props.khata.balancePaise - khataPaise, formatINR),
                })}
              </span>
            </div>
          </>
        )}
      </div>
      {p.upi > 0 && (
        <div className="flex items-center gap-3 rounded border p-2">
          {qr ? (
            <img src={qr} alt={t('UPI QR for {upi}', { upi: formatINR(toRupees(p.upi)) })} width={140} height={140} />
          ) : (
            <span className="text-sm">{t('No UPI ID set')}</span>
          )}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={upiReceived} onChange={(e) => setUpiReceived(e.target.checked)} /> {t('UPI received')}
          </label>
        </div>
      )}
      {problems.length > 0 && (
        <ul className="text-sm text-red-700" aria-live="polite">
          {problems.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={problems.length > 0 || props.busy}
          className="min-h-11 rounded bg-teal-700 px-4 py-2 font-semibold text-white disabled:opacity-50"
        >
          {t('Complete sale (Enter)')}
        </button>
        <button type="button" className="min-h-11 rounded border px-4 py-2" onClick={props.onCancel}>
          {t('Back (Esc)')}
        </button>
      </div>
    </form>
  );
}
