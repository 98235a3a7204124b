import type { AdminOrder } from '@grocer/shared/admin-orders';
import { normalTag } from '@grocer/shared/order-notes';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/permissions';
import { useAddTag, useOrderTags, useRemoveTag } from '../api/order-notes';
import { t } from '../../../lib/i18n';

/**
 * The order's tags (issue 40 §12): free words like "VIP" or "Fragile", each a link to the orders
 * carrying it; staff who manage orders add them (the shop's tags are suggested) and remove them.
 */
export function OrderTags({ order }: { order: AdminOrder }) {
  const canWrite = useCan()('orders.manage');
  const add = useAddTag(order.id);
  const remove = useRemoveTag(order.id);
  const known = useOrderTags();
  const [tag, setTag] = useState('');
  const id = useId();
  const tags = order.tags ?? [];
  if (!canWrite && tags.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label={t('Tags')} role="group">
      {tags.map((tagItem) => (
        <span
          key={tagItem}
          className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-indigo-800"
        >
          <Link
            to={paths.orders(`tag=${encodeURIComponent(tagItem)}`)}
            className="hover:underline"
            title={t('Orders tagged {tagItem}', { tagItem })}
          >
            {tagItem}
          </Link>
          {canWrite && (
            <button
              type="button"
              aria-label={t('Remove tag {tagItem}', { tagItem })}
              disabled={remove.isPending}
              className="rounded-full p-0.5 hover:bg-indigo-100"
              onClick={() => remove.mutate(tagItem, { onError: (e) => toast.error(errorMessage(e)) })}
            >
              <X aria-hidden="true" className="h-3 w-3" />
            </button>
          )}
        </span>
      ))}
      {canWrite && (
        <form
          className="flex items-center gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            if (!normalTag(tag)) return;
            add.mutate(normalTag(tag), {
              onSuccess: () => setTag(''),
              onError: (err) => toast.error(errorMessage(err)),
            });
          }}
        >
          <label htmlFor={id} className="sr-only">
            {t('New tag')}
          </label>
          <input
            id={id}
            list={`${id}-known`}
            value={tag}
            maxLength={40}
            placeholder={t('Add a tag')}
            onChange={(e) => setTag(e.target.value)}
            className="w-28 rounded-full border bg-white px-2.5 py-0.5 text-xs"
          />
          <datalist id={`${id}-known`}>
            {known.data?.data
              .filter((k) => !tags.some((item) => item.toLowerCase() === k.tag.toLowerCase()))
              .map((k) => (
                <option key={k.tag} value={k.tag} />
              ))}
          </datalist>
          <button
            type="submit"
            disabled={add.isPending || !normalTag(tag)}
            className="rounded-full border bg-white px-2 py-0.5 text-xs font-medium hover:bg-gray-50 disabled:opacity-50"
          >
            {t('Add tag')}
          </button>
        </form>
      )}
    </div>
  );
}
