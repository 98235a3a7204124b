import { parseSynonymLines, synonymLines } from '@grocer/shared/synonyms';
import { useEffect, useId, useState } from 'react';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { errorMessage } from '../../../lib/error-message';
import { useSaveSynonyms, useSynonyms } from '../api/synonyms';
import { t } from '../../../lib/i18n';

/**
 * The words shoppers type for what the catalogue calls otherwise, one per line as
 * `term = word, word` ("dahi = curd, yogurt"). Saving re-indexes the products, so search finds by
 * them at once; lines that cannot be read are named and nothing is saved.
 */
export function SynonymsEditor() {
  const list = useSynonyms();
  const save = useSaveSynonyms();
  const [text, setText] = useState<string | null>(null);
  const hint = useId();
  const saved = list.data ? synonymLines(list.data.data) : '';
  useEffect(() => {
    if (list.data && text === null) setText(saved);
  }, [list.data, saved, text]);
  const parsed = parseSynonymLines(text ?? '');
  const dirty = text !== null && text !== saved;
  if (list.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(list.error)}
      </p>
    );
  return (
    <form
      className="max-w-3xl"
      onSubmit={(e) => {
        e.preventDefault();
        if (parsed.errors.length) return;
        save.mutate(parsed.data, { onSuccess: (r) => setText(synonymLines(r.data)) });
      }}
    >
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
        aria-describedby={hint}
        aria-invalid={parsed.errors.length > 0}
        value={text ?? ''}
        onChange={(e) => setText(e.target.value)}
        rows={20}
        spellCheck={false}
        disabled={text === null}
        className="mt-2 w-full rounded-md border p-3 font-mono text-sm"
      />
      {parsed.errors.length > 0 && (
        <ul role="alert" className="mt-2 space-y-1 text-sm text-red-700">
          {parsed.errors.map((e) => (
            <li key={e.line}>{t('Line {line}: {message}', { line: e.line, message: e.message })}</li>
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
          disabled={!dirty || parsed.errors.length > 0 || save.isPending}
          className="rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
        >
          {save.isPending ? t('Saving…') : t('Save search words')}
        </button>
        <span className="text-sm text-gray-600" aria-live="polite">
          {save.isSuccess && !dirty
            ? t('Saved: {value} words. Search uses them now.', { value: list.data?.data.length ?? 0 })
            : t('{data} words', { data: parsed.data.length })}
        </span>
      </div>
    </form>
  );
}
