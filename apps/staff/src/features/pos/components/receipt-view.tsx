import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { getSale, sendReceipt } from '../api/sales';
import { t } from '../../../lib/i18n';

/** The sale's 80 mm receipt (or A4 tax invoice) as the server renders it, with print, reprint and send. */
export function ReceiptView() {
  const { receipt = '' } = useParams();
  const frame = useRef<HTMLIFrameElement>(null);
  return (
    <div className="flex h-screen flex-col items-center gap-3 bg-gray-100 p-3 text-sm">
      <div className="flex flex-wrap justify-center gap-2">
        <button
          type="button"
          autoFocus
          className="rounded bg-teal-700 px-4 py-2 font-semibold text-white"
          onClick={() => frame.current?.contentWindow?.print()}
        >
          {t('Print receipt')}
        </button>
        <a className="rounded border bg-white px-4 py-2" href={paths.posPrint(receipt, 'a4')} target="_blank" rel="noreferrer">
          {t('A4 tax invoice')}
        </a>
        <Link className="rounded border bg-white px-4 py-2" to={paths.pos()}>
          {t('New sale')}
        </Link>
      </div>
      <SendReceipt receipt={receipt} />
      <iframe
        ref={frame}
        title={t('Receipt {receipt}', { receipt })}
        src={paths.posPrint(receipt)}
        className="w-[88mm] flex-1 border bg-white"
      />
    </div>
  );
}

/** The receipt by SMS or email, to the sale's customer's mobile (filled in) or any address typed. */
function SendReceipt({ receipt }: { receipt: string }) {
  const [to, setTo] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'sent' | 'error'; text?: string }>({ kind: 'idle' });
  useEffect(() => {
    getSale(receipt)
      .then((s) => setTo((valueItem) => valueItem || (/\((\d{10})\)$/.exec(s.customer ?? '')?.[1] ?? '')))
      .catch(() => undefined);
  }, [receipt]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setState({ kind: 'busy' });
    try {
      await sendReceipt(receipt, to);
      setState({ kind: 'sent', text: `Receipt sent to ${to.trim()}` });
    } catch (err) {
      setState({ kind: 'error', text: errorMessage(err) });
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center justify-center gap-2" aria-label={t('Send the receipt')}>
      <label htmlFor="receipt-to" className="text-gray-700">
        {t('Send to mobile or email')}
      </label>
      <input
        id="receipt-to"
        value={to}
        onChange={(e) => setTo(e.target.value)}
        className="w-56 rounded border bg-white px-2 py-1.5"
        aria-invalid={state.kind === 'error'}
        aria-describedby="receipt-send-state"
      />
      <button type="submit" disabled={state.kind === 'busy' || !to.trim()} className="rounded border bg-white px-3 py-1.5 font-medium">
        {t('Send receipt')}
      </button>
      <span id="receipt-send-state" role="status" className={state.kind === 'error' ? 'text-red-700' : 'text-emerald-700'}>
        {state.text}
      </span>
    </form>
  );
}
