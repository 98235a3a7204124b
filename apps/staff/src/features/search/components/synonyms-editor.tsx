import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@grocer/shared/api-client';
import { parseSynonymLines, synonymLines, synonymListSchema } from '@grocer/shared/synonyms';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { errorMessage } from '../../../lib/error-message';
import { useSaveSynonyms, useSynonyms } from '../api/synonyms';
import { t } from '../../../lib/i18n';

type SynonymListInput = z.input<typeof synonymListSchema>;
/** The form's one field: the owner's text, one `term = word, word` per line. */
interface SynonymsFormValues {
  text: string;
}

const lineError = (e: { line: number; message: string }) => t('Line {line}: {message}', { line: e.line, message: e.message });

/**
 * The form's schema (for react-hook-form's zod resolver): the text is read into the API's body by
 * the shared rule (parseSynonymLines, which names each line it cannot read, with the shared
 * synonym schema's message), that body is checked by the shared contract (synonymListSchema), and
 * every message lands at the text (its one field). The body is the form's output.
 */
const synonymsFormSchema = z
  .object({ text: z.string() })
  .superRefine((f, ctx) => {
    const { data, errors } = parseSynonymLines(f.text);
    for (const e of errors) ctx.addIssue({ code: 'custom', path: ['text'], message: lineError(e) });
    const checked = synonymListSchema.safeParse({ data } satisfies SynonymListInput);
    if (!checked.success)
      for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: ['text'], message: issue.message });
  })
  .transform((f): SynonymListInput => ({ data: parseSynonymLines(f.text).data }));

/**
 * The words shoppers type for what the catalogue calls otherwise, one per line as
 * `term = word, word` ("dahi = curd, yogurt"). Saving re-indexes the products, so search finds by
 * them at once; lines that cannot be read are named and nothing is saved.
 */
export function SynonymsEditor() {
  const list = useSynonyms();
  if (list.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(list.error)}
      </p>
    );
  // the form starts from the list once it has come (disabled and empty until then)
  return list.data ? (
    <SynonymsForm key="loaded" saved={synonymLines(list.data.data)} count={list.data.data.length} />
  ) : (
    <SynonymsForm key="loading" saved={null} count={0} />
  );
}

function SynonymsForm({ saved, count }: { saved: string | null; count: number }) {
  const save = useSaveSynonyms();
  const hint = useId();
  const errorId = useId();
  const { register, handleSubmit, formState, setError, reset, watch } = useForm<SynonymsFormValues, unknown, SynonymListInput>({
    resolver: zodResolver(synonymsFormSchema),
    defaultValues: { text: saved ?? '' },
  });
  // each line that cannot be read is named as it is typed; the server's refusal (and the contract's
  // own message, about no one line) after them
  const parsed = parseSynonymLines(watch('text'));
  const lineErrors = parsed.errors.map(lineError);
  const fieldError = formState.errors.text?.message;
  const errors = fieldError && !lineErrors.includes(fieldError) ? [...lineErrors, fieldError] : lineErrors;
  const dirty = saved !== null && formState.isDirty;
  const submit = handleSubmit(async (body) => {
    try {
      const r = await save.mutateAsync(body.data);
      reset({ text: synonymLines(r.data) });
    } catch (err) {
      // the server's message is shown under the box (save.error); its field error in the box's list
      const message = err instanceof ApiError ? Object.values(err.fieldErrors).flat()[0] : undefined;
      if (message) setError('text', { type: 'server', message });
    }
  });
  return (
    <form className="max-w-3xl" onSubmit={submit}>
      <LeaveGuard when={dirty} />
      <label htmlFor="synonyms" className="block text-sm font-medium">
        {t('Words shoppers type')}
      </label>
      <p id={hint} className="mt-1 text-sm text-gray-600">
        {t('One per line: what shoppers type = what your products are called, e.g.')} <code>dahi = curd, yogurt</code>
        {t('. A product whose name or brand has one of the words is found by the first one.')}
      </p>
      <textarea
        id="synonyms"
        aria-describedby={errors.length > 0 ? `${hint} ${errorId}-error` : hint}
        aria-invalid={errors.length > 0}
        {...register('text')}
        rows={20}
        spellCheck={false}
        disabled={saved === null}
        className="mt-2 w-full rounded-md border p-3 font-mono text-sm"
      />
      {errors.length > 0 && (
        <ul id={`${errorId}-error`} role="alert" className="mt-2 space-y-1 text-sm text-red-700">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      {save.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(save.error)}
        </p>
      )}
      <div className="mt-4 flex items-center gap-3">
        <button
          type="submit"
          disabled={!dirty || parsed.errors.length > 0 || formState.isSubmitting}
          className="rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
        >
          {formState.isSubmitting ? t('Saving…') : t('Save search words')}
        </button>
        <span className="text-sm text-gray-600" aria-live="polite">
          {save.isSuccess && !dirty
            ? t('Saved: {value} words. Search uses them now.', { value: count })
            : t('{data} words', { data: parsed.data.length })}
        </span>
      </div>
    </form>
  );
}
