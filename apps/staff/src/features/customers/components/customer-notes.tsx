import type { CustomerDetail } from '@grocer/shared/admin-customers';
import { formatDateTime } from '@grocer/shared/format';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { useCustomerNotes, useCustomerTags } from '../api/customers';
import { t } from '../../../lib/i18n';

const button = 'rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-50';

/** A tag as the list and the screen show it. */
export const TagChip = ({ tag }: { tag: string }) => (
  <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900">{tag}</span>
);

/** The customer's tags: each removable, and a box to add one (suggesting the tags in use). */
export function CustomerTags({ customer }: { customer: CustomerDetail }) {
  const { addTag, removeTag } = useCustomerNotes(customer.id);
  const known = useCustomerTags();
  const [tag, setTag] = useState('');
  const listId = useId();
  return (
    <div className="space-y-3">
      {customer.tags.length === 0 ? (
        <p className="text-sm text-gray-600">{t('No tags yet.')}</p>
      ) : (
        <ul aria-label={t('Tags')} className="flex flex-wrap gap-2">
          {customer.tags.map((tagItem) => (
            <li key={tagItem} className="inline-flex items-center gap-1 rounded-full bg-sky-100 py-0.5 pr-1 pl-2 text-sm text-sky-900">
              {tagItem}
              <button
                type="button"
                aria-label={t('Remove tag {tagItem}', { tagItem })}
                disabled={removeTag.isPending}
                onClick={() => removeTag.mutate(tagItem, { onError: (e) => toast.error(errorMessage(e)) })}
                className="rounded-full p-0.5 hover:bg-sky-200"
              >
                <X aria-hidden className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          addTag.mutate(tag, { onSuccess: () => setTag(''), onError: (err) => toast.error(errorMessage(err)) });
        }}
      >
        <input
          aria-label={t('New tag')}
          placeholder={t('Add a tag, e.g. wholesale')}
          list={listId}
          required
          maxLength={30}
          className={inputClass}
          value={tag}
          onChange={(e) => setTag(e.target.value)}
        />
        <datalist id={listId}>
          {known.data?.data
            .filter((k) => !customer.tags.includes(k.tag))
            .map((k) => (
              <option key={k.tag} value={k.tag} />
            ))}
        </datalist>
        <button type="submit" disabled={addTag.isPending} className={`${button} border bg-white hover:bg-gray-50`}>
          {t('Add')}
        </button>
      </form>
    </div>
  );
}

/** The staff's notes on the customer, newest first, with who wrote each and when; the shopper never sees them. */
export function CustomerNotes({ customer }: { customer: CustomerDetail }) {
  const { addNote, deleteNote } = useCustomerNotes(customer.id);
  const [body, setBody] = useState('');
  return (
    <div className="space-y-4">
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          addNote.mutate(body, { onSuccess: () => setBody(''), onError: (err) => toast.error(errorMessage(err)) });
        }}
      >
        <textarea
          aria-label={t('New note')}
          placeholder={t('Only staff see notes')}
          required
          maxLength={2000}
          rows={3}
          className={inputClass}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
        <button type="submit" disabled={addNote.isPending} className={`${button} bg-brand text-white hover:opacity-90`}>
          {t('Add note')}
        </button>
      </form>
      {customer.notes.length === 0 ? (
        <p className="text-sm text-gray-600">{t('No notes yet.')}</p>
      ) : (
        <ul aria-label={t('Notes')} className="space-y-3">
          {customer.notes.map((n) => (
            <li key={n.id} className="rounded-md border bg-gray-50 p-3 text-sm">
              <p className="whitespace-pre-wrap">{n.body}</p>
              <p className="mt-1 flex items-center gap-2 text-xs text-gray-500">
                {n.author ?? t('A former staff member')} · {formatDateTime(n.created_at)}
                <button
                  type="button"
                  className="ml-auto text-red-700 hover:underline"
                  disabled={deleteNote.isPending}
                  onClick={() => deleteNote.mutate(n.id, { onError: (e) => toast.error(errorMessage(e)) })}
                >
                  {t('Delete')}
                </button>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
