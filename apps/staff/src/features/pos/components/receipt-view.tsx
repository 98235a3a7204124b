import { useRef } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';

/** The sale's 80 mm receipt (or A4 tax invoice) as the server renders it, with print and reprint. */
export function ReceiptView() {
  const { receipt = '' } = useParams();
  const frame = useRef<HTMLIFrameElement>(null);
  return (
    <div className="flex h-screen flex-col items-center gap-3 bg-gray-100 p-3 text-sm">
      <div className="flex gap-2">
        <button
          type="button"
          autoFocus
          className="rounded bg-teal-700 px-4 py-2 font-semibold text-white"
          onClick={() => frame.current?.contentWindow?.print()}
        >
          Print receipt
        </button>
        <a className="rounded border bg-white px-4 py-2" href={paths.posPrint(receipt, 'a4')} target="_blank" rel="noreferrer">
          A4 tax invoice
        </a>
        <Link className="rounded border bg-white px-4 py-2" to={paths.pos()}>
          New sale
        </Link>
      </div>
      <iframe ref={frame} title={`Receipt ${receipt}`} src={paths.posPrint(receipt)} className="w-[88mm] flex-1 border bg-white" />
    </div>
  );
}
