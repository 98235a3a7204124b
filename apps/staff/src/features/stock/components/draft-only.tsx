import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryView } from '../../../components/ui/query-view';
import { t } from '../../../lib/i18n';

/**
 * A stock document (a purchase order, a transfer) in the form that wrote it while it is a draft;
 * once ordered or sent it is no longer the shop's to change, so the screen says what it is now
 * and links back to it (the server refuses the edit too: DRAFT_ONLY).
 */
export function DraftOnly<D extends { id: number; number: string; status: string }>({
  query,
  document,
  statusLabel,
  to,
  children,
}: {
  query: UseQueryResult<D>;
  /** 'purchase order', 'transfer' */
  document: string;
  statusLabel: (d: D) => string;
  to: (id: number) => string;
  children: (d: D) => ReactNode;
}) {
  return (
    <QueryView query={query}>
      {(d) =>
        d.status === 'draft' ? (
          children(d)
        ) : (
          <p role="alert" className="text-sm">
            {t('Only a draft {document} can be changed: {number} is {d}.', { document, number: d.number, d: statusLabel(d).toLowerCase() })}{' '}
            <Link to={to(d.id)} className="text-brand underline">
              {t('Back to {number}', { number: d.number })}
            </Link>
          </p>
        )
      }
    </QueryView>
  );
}
