import { zodResolver } from '@hookform/resolvers/zod';
import { noteBodySchema, tagBodySchema, type CustomerDetail } from '@grocer/shared/admin-customers';
import { ApiError } from '@grocer/shared/api-client';
import { formatDateTime } from '@grocer/shared/format';
import { X } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { inputClass } from '../../../components/ui/field';
import { contractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-message';
import { useCustomerNotes, useCustomerTags } from '../api/customers';
import { t } from '../../../lib/i18n';

const button = 'rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-50';

type TagBody = z.input<typeof tagBodySchema>;
type NoteBody = z.input<typeof noteBodySchema>;

/**
 * The forms' schemas (for react-hook-form's zod resolver): the tag or note as typed is the API's
 * body, checked by the shared contract (its message shown at the box) and sent as typed (the server
 * trims it and lower-cases a tag).
 */
const tagFormSchema = contractForm(z.object({ tag: z.string() }), (f): TagBody => f, tagBodySchema, 'tag');
const noteFormSchema = contractForm(z.object({ body: z.string() }), (f): NoteBody => f, noteBodySchema, 'body');

/** The server's error about the field `name` (a 422), if it sent one. */
const serverError = (err: unknown, name: string) => (err instanceof ApiError ? err.fieldErrors[name]?.[0] : undefined);

/** A box's error as its aria attributes say it (the id of its message), and the message. */
const errorAttrs = (id: string, error: string | undefined) => ({
  'aria-invalid': !!error,
  'aria-describedby': error ? `${id}-error` : undefined,
});
const ErrorText = ({ id, error }: { id: string; error: string | undefined }) =>
  error ? (
    <p id={`${id}-error`} className="text-xs text-red-700">
      {error}
    </p>
  ) : null;

/** A tag as the list and the screen show it. */
export const TagChip = ({ tag }: { tag: string }) => (
  <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900">{tag}</span>
);

/** The customer's tags: each removable, and a box to add one (suggesting the tags in use). */
export function CustomerTags({ customer }: { customer: CustomerDetail }) {
  const { addTag, removeTag } = useCustomerNotes(customer.id);
  const known = useCustomerTags();
  const listId = useId();
  const errorId = useId();
  const { register, handleSubmit, formState, setError, reset } = useForm<TagBody>({
    resolver: zodResolver(tagFormSchema),
    defaultValues: { tag: '' },
  });
  const error = formState.errors.tag?.message;
  const submit = handleSubmit(async ({ tag }) => {
    try {
      await addTag.mutateAsync(tag);
      reset({ tag: '' });
    } catch (err) {
      const message = serverError(err, 'tag');
      if (message) setError('tag', { type: 'server', message });
      toast.error(errorMessage(err));
    }
  });
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
      <form className="flex gap-2" onSubmit={submit}>
        <input
          aria-label={t('New tag')}
          {...errorAttrs(errorId, error)}
          placeholder={t('Add a tag, e.g. wholesale')}
          list={listId}
          required
          maxLength={30}
          className={inputClass}
          {...register('tag')}
        />
        <datalist id={listId}>
          {known.data?.data
            .filter((k) => !customer.tags.includes(k.tag))
            .map((k) => (
              <option key={k.tag} value={k.tag} />
            ))}
        </datalist>
        <button type="submit" disabled={formState.isSubmitting} className={`${button} border bg-white hover:bg-gray-50`}>
          {t('Add')}
        </button>
      </form>
      <ErrorText id={errorId} error={error} />
    </div>
  );
}

/** The staff's notes on the customer, newest first, with who wrote each and when; the shopper never sees them. */
export function CustomerNotes({ customer }: { customer: CustomerDetail }) {
  const { addNote, deleteNote } = useCustomerNotes(customer.id);
  const errorId = useId();
  const { register, handleSubmit, formState, setError, reset } = useForm<NoteBody>({
    resolver: zodResolver(noteFormSchema),
    defaultValues: { body: '' },
  });
  const error = formState.errors.body?.message;
  const submit = handleSubmit(async ({ body }) => {
    try {
      await addNote.mutateAsync(body);
      reset({ body: '' });
    } catch (err) {
      const message = serverError(err, 'body');
      if (message) setError('body', { type: 'server', message });
      toast.error(errorMessage(err));
    }
  });
  return (
    <div className="space-y-4">
      <form className="space-y-2" onSubmit={submit}>
        <textarea
          aria-label={t('New note')}
          {...errorAttrs(errorId, error)}
          placeholder={t('Only staff see notes')}
          required
          maxLength={2000}
          rows={3}
          className={inputClass}
          {...register('body')}
        />
        <ErrorText id={errorId} error={error} />
        <button type="submit" disabled={formState.isSubmitting} className={`${button} bg-brand text-white hover:opacity-90`}>
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
