import type { AdminOrderRow } from '@grocer/shared/admin-orders';
import { FilterSelect } from '../../../components/ui/data-table';
import type { ListState } from '../../../lib/list-state';
import { paths } from '../../../lib/paths';
import { useOrderTags } from '../api/order-notes';
import { t } from '../../../lib/i18n';

const link = 'rounded-md border bg-white px-3 py-1 font-medium hover:bg-gray-50';

/**
 * The ticked orders printed as one document, a page per order (issue 40 §12): their GST tax
 * invoices (orders never placed have none and are left out) or their packing slips.
 */
export function BulkPrint({ rows }: { rows: AdminOrderRow[] }) {
  const ids = rows.map((r) => r.id);
  return (
    <>
      <a href={paths.invoices(ids)} target="_blank" rel="noreferrer" className={link}>
        {t('Print invoices')}
      </a>
      <a href={paths.packingSlips(ids)} target="_blank" rel="noreferrer" className={link}>
        {t('Print packing slips')}
      </a>
    </>
  );
}

/** The list's filter by a staff tag, from the shop's tags (most used first). */
export function TagFilter({ list }: { list: ListState }) {
  const tags = useOrderTags().data?.data ?? [];
  const current = list.filter('tag');
  const known = tags.some((tagItem) => tagItem.tag.toLowerCase() === current.toLowerCase());
  return (
    <FilterSelect
      label={t('Tag')}
      value={current}
      onChange={(tag) => list.set({ tag })}
      options={[
        { value: '', label: t('Any tag') },
        ...(current && !known ? [{ value: current, label: current }] : []),
        ...tags.map((item) => ({ value: item.tag, label: `${item.tag} (${item.orders})` })),
      ]}
    />
  );
}

/** An order's tags under its number in the list. */
export function RowTags({ tags }: { tags?: string[] }) {
  if (!tags?.length) return null;
  return (
    <span className="mt-0.5 flex flex-wrap gap-1">
      {tags.map((entry) => (
        <span key={entry} className="rounded-full bg-indigo-50 px-1.5 text-[11px] font-medium text-indigo-800">
          {entry}
        </span>
      ))}
    </span>
  );
}
