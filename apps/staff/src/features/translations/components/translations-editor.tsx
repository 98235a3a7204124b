import type { Language } from '@grocer/shared/languages';
import {
  LANGUAGE_ENGLISH_NAMES,
  TRANSLATION_ENTITIES,
  TRANSLATION_FIELD_LABELS,
  TRANSLATION_KIND_LABELS,
  maxLengthOf,
  type TranslationEntity,
  type TranslationProgress,
  type TranslationRow,
} from '@grocer/shared/translations';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/error-message';
import { useAddressParams } from '../../../lib/list-state';
import './script-fonts.css';
import { useSaveTranslations, useTranslationProgress, useTranslations } from '../api/translations';
import { t } from '../../../lib/i18n';

const PER_PAGE = 25;
/** the most one save sends (the server's limit) */
const SAVE_CHUNK = 200;
const count = (n: number) => n.toLocaleString('en-IN');
const LONG = new Set(['description', 'html']);
const FIELD_NAMES: Record<string, string> = {
  name: 'Name',
  description: t('Description'),
  title: t('Title'),
  html: 'Text (HTML)',
  heading: t('Heading'),
  text: 'Text',
  button: 'Button label',
  alt: 'Image description',
};
const ITEM_NAMES: Record<string, string> = { slides: 'Slide', items: 'Item' };
/** 'slides.0.heading' → 'Slide 1 · Heading' (a page block's text in a list); 'name' → 'Name'. */
const fieldName = (field: string) => {
  const item = /^(\w+)\.(\d+)\.(\w+)$/.exec(field);
  if (item) return `${ITEM_NAMES[item[1]!] ?? 'Item'} ${Number(item[2]) + 1} · ${FIELD_NAMES[item[3]!] ?? item[3]}`;
  return FIELD_NAMES[field] ?? field;
};
const button = 'rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-50';

/**
 * Administration → Translations (issue 46 §2): the catalogue's, menus' and page blocks' texts in
 * the website's other languages. Pick a language and a kind; each row shows the default text on the
 * left and its translation on the right ("Missing" until there is one); save a row, or every
 * change at once. An emptied translation is removed (shoppers then see the default text). The
 * progress of each language is counted above. Language, kind, search and page are in the address.
 */
export function TranslationsEditor() {
  const progress = useTranslationProgress();
  const [params, change] = useAddressParams();
  const others = progress.data?.languages.map((l) => l.language) ?? [];
  const asked = params.get('language') as Language | null;
  const language = asked && others.includes(asked) ? asked : others[0];
  const kind = (TRANSLATION_ENTITIES as readonly string[]).includes(params.get('kind') ?? '')
    ? (params.get('kind') as TranslationEntity)
    : 'product';
  const q = params.get('q') ?? '';
  const missing = params.get('missing') === '1';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (patch: Record<string, string | undefined>) =>
    change(
      (next) => {
        for (const [k, v] of Object.entries(patch))
          if (v) next.set(k, v);
          else next.delete(k);
        if (!('page' in patch)) next.delete('page');
      },
      { replace: true },
    );

  if (progress.isPending) return <p className="text-gray-600">{t('Loading…')}</p>;
  if (progress.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(progress.error)}
      </p>
    );
  if (!language)
    return (
      <p className="rounded-lg border bg-white p-6 text-gray-700">
        {t('This shop speaks only')} {LANGUAGE_ENGLISH_NAMES[progress.data.defaultLanguage]}
        {t('. Offer Hindi or Kannada under Website Settings → Languages to translate its products, categories, brands, menus and pages.')}
      </p>
    );
  return (
    <div className="script-text space-y-6">
      <ProgressView progress={progress.data} />
      <div className="flex flex-wrap items-end gap-4 rounded-lg border bg-white p-4">
        <label className="text-sm">
          <span className="block font-medium">{t('Language')}</span>
          <select value={language} onChange={(e) => set({ language: e.target.value })} className="mt-1 rounded-md border px-2 py-1.5">
            {others.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_ENGLISH_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
        <div role="group" aria-label={t('Kind')} className="flex flex-wrap gap-2">
          {TRANSLATION_ENTITIES.map((e) => (
            <button
              key={e}
              type="button"
              aria-pressed={kind === e}
              onClick={() => set({ kind: e === 'product' ? undefined : e, q: undefined })}
              className={`rounded-full border px-3 py-1 text-sm ${kind === e ? 'border-gray-900 bg-gray-900 text-white' : 'bg-white hover:bg-gray-50'}`}
            >
              {TRANSLATION_KIND_LABELS[e]}
            </button>
          ))}
        </div>
        <label className="text-sm">
          <span className="block font-medium">{t('Search')}</span>
          <input
            type="search"
            defaultValue={q}
            key={`${kind}|${q}`}
            onKeyDown={(e) => e.key === 'Enter' && set({ q: e.currentTarget.value.trim() || undefined })}
            onBlur={(e) => e.currentTarget.value.trim() !== q && set({ q: e.currentTarget.value.trim() || undefined })}
            placeholder={t('Default text or translation')}
            className="mt-1 w-56 rounded-md border px-2 py-1.5"
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={missing} onChange={(e) => set({ missing: e.target.checked ? '1' : undefined })} />
          {t('Only missing')}
        </label>
      </div>
      <TranslationList
        key={`${language}|${kind}`}
        language={language}
        defaultLanguage={progress.data.defaultLanguage}
        kind={kind}
        q={q}
        missing={missing}
        page={page}
        onPage={(p) => set({ page: p > 1 ? String(p) : undefined })}
      />
    </div>
  );
}

/** "Hindi: 124 / 1,200 product names", a bar each. */
function ProgressView({ progress }: { progress: TranslationProgress }) {
  // open on a wide screen; on a phone folded to one line per language, so the texts come first
  const [wide] = useState(() => typeof window === 'undefined' || !window.matchMedia || window.matchMedia('(min-width: 768px)').matches);
  return (
    <section aria-label={t('Progress')} className="grid gap-4 md:grid-cols-2">
      {progress.languages.map((l) => (
        <details key={l.language} open={wide} className="group rounded-lg border bg-white p-4">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-2">
            <h2 className="font-semibold">{LANGUAGE_ENGLISH_NAMES[l.language]}</h2>
            <span className="text-sm text-gray-600 group-open:hidden">{summaryOf(l.kinds)}</span>
          </summary>
          <ul className="mt-2 space-y-2">
            {l.kinds.map((k) => {
              const label = TRANSLATION_FIELD_LABELS[k.entity][k.field] ?? k.field;
              return (
                <li key={`${k.entity}.${k.field}`} className="text-sm">
                  <div className="flex justify-between gap-2">
                    <span>
                      {count(k.done)} / {count(k.total)} {label}
                    </span>
                    <span className="text-gray-500">{k.total ? Math.floor((100 * k.done) / k.total) : 100}%</span>
                  </div>
                  <div
                    role="progressbar"
                    aria-valuemin={0}
                    aria-valuemax={k.total}
                    aria-valuenow={k.done}
                    aria-label={t('{LANGUAGE_ENGLISH_NAMES}: {done} of {total} {label} translated', {
                      LANGUAGE_ENGLISH_NAMES: LANGUAGE_ENGLISH_NAMES[l.language],
                      done: count(k.done),
                      total: count(k.total),
                      label,
                    })}
                    className="mt-1 h-2 overflow-hidden rounded-full bg-gray-200"
                  >
                    <div className="h-full rounded-full bg-teal-700" style={{ width: `${k.total ? (100 * k.done) / k.total : 100}%` }} />
                  </div>
                </li>
              );
            })}
          </ul>
        </details>
      ))}
    </section>
  );
}

/** "1,037 of 2,400 texts" over every kind: the folded card's one line. */
function summaryOf(kinds: TranslationProgress['languages'][number]['kinds']) {
  const done = kinds.reduce((n, k) => n + k.done, 0);
  const total = kinds.reduce((n, k) => n + k.total, 0);
  return `${count(done)} of ${count(total)} texts`;
}

const keyOf = (id: string, field: string) => `${id}\u0000${field}`;

function TranslationList(props: {
  language: Language;
  defaultLanguage: Language;
  kind: TranslationEntity;
  q: string;
  missing: boolean;
  page: number;
  onPage: (page: number) => void;
}) {
  const { language, kind } = props;
  const list = useTranslations(
    { language, entity: kind, q: props.q || undefined, missing: props.missing, page: props.page, perPage: PER_PAGE },
    true,
  );
  const save = useSaveTranslations();
  // the person's changes not saved yet, by row and field (kept across pages of one language and kind)
  const [edits, setEdits] = useState<Map<string, string>>(new Map());
  const [savingRow, setSavingRow] = useState<string | null>(null);
  const data = list.data?.data;
  const rows = data ?? [];
  const original = useMemo(() => {
    const m = new Map<string, string>();
    for (const r of data ?? []) for (const f of r.fields) m.set(keyOf(r.id, f.field), f.value ?? '');
    return m;
  }, [data]);
  // an edit back to the saved text is no change
  useEffect(() => {
    setEdits((e) => {
      const next = new Map([...e].filter(([k, v]) => !original.has(k) || original.get(k) !== v));
      return next.size === e.size ? e : next;
    });
  }, [original]);

  const changed = [...edits].filter(([k, v]) => original.get(k) !== v);
  const submit = async (entries: Array<[string, string]>, rowId: string | null) => {
    setSavingRow(rowId);
    try {
      let saved = 0;
      let removed = 0;
      for (let i = 0; i < entries.length; i += SAVE_CHUNK) {
        const items = entries.slice(i, i + SAVE_CHUNK).map(([k, value]) => {
          const [id, field] = k.split('\u0000') as [string, string];
          return { id, field, value };
        });
        const r = await save.mutateAsync({ language, entity: kind, items });
        saved += r.saved;
        removed += r.removed;
      }
      setEdits((e) => {
        const next = new Map(e);
        for (const [k] of entries) next.delete(k);
        return next;
      });
      toast.success(
        [saved && `${count(saved)} saved`, removed && `${count(removed)} removed`].filter(Boolean).join(', ') || t('Nothing changed'),
      );
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setSavingRow(null);
    }
  };

  const total = list.data?.meta.total ?? 0;
  const first = total ? (props.page - 1) * PER_PAGE + 1 : 0;
  const last = Math.min(props.page * PER_PAGE, total);
  return (
    <section
      aria-label={t('{TRANSLATION_KIND_LABELS} in {LANGUAGE_ENGLISH_NAMES}', {
        TRANSLATION_KIND_LABELS: TRANSLATION_KIND_LABELS[kind],
        LANGUAGE_ENGLISH_NAMES: LANGUAGE_ENGLISH_NAMES[language],
      })}
      className="space-y-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-600" aria-live="polite">
          {list.isPending
            ? t('Loading…')
            : total
              ? t('{first}–{last} of {total}', { first: count(first), last: count(last), total: count(total) })
              : t('Nothing to translate here.')}
        </p>
        <button
          type="button"
          disabled={!changed.length || save.isPending}
          onClick={() => void submit(changed, null)}
          className={`${button} bg-teal-700 text-white hover:bg-teal-800`}
        >
          {t('Save all changes')}
          {changed.length ? ` (${count(changed.length)})` : ''}
        </button>
      </div>
      {list.error && (
        <p role="alert" className="text-red-700">
          {errorMessage(list.error)}
        </p>
      )}
      <div className="hidden grid-cols-2 gap-4 px-4 text-xs font-semibold tracking-wide text-gray-500 uppercase md:grid">
        <span>
          {LANGUAGE_ENGLISH_NAMES[props.defaultLanguage]} {t('(default)')}
        </span>
        <span>{LANGUAGE_ENGLISH_NAMES[language]}</span>
      </div>
      <ul className="space-y-3">
        {rows.map((r) => (
          <Row
            key={r.id}
            row={r}
            language={language}
            edits={edits}
            onEdit={(field, value) => setEdits((e) => new Map(e).set(keyOf(r.id, field), value))}
            saving={savingRow === r.id}
            onSave={() =>
              void submit(
                changed.filter(([k]) => k.startsWith(`${r.id}\u0000`)),
                r.id,
              )
            }
          />
        ))}
      </ul>
      {total > PER_PAGE && (
        <nav aria-label={t('Pages')} className="flex items-center justify-end gap-2">
          <button
            type="button"
            disabled={props.page <= 1}
            onClick={() => props.onPage(props.page - 1)}
            className={`${button} border bg-white`}
          >
            {t('Previous')}
          </button>
          <button
            type="button"
            disabled={last >= total}
            onClick={() => props.onPage(props.page + 1)}
            className={`${button} border bg-white`}
          >
            {t('Next')}
          </button>
        </nav>
      )}
    </section>
  );
}

function Row(props: {
  row: TranslationRow;
  language: Language;
  edits: Map<string, string>;
  onEdit: (field: string, value: string) => void;
  saving: boolean;
  onSave: () => void;
}) {
  const { row } = props;
  const dirty = row.fields.some((f) => {
    const v = props.edits.get(keyOf(row.id, f.field));
    return v !== undefined && v !== (f.value ?? '');
  });
  const title = row.fields[0]?.source ?? row.id;
  return (
    <li className="rounded-lg border bg-white p-4">
      {row.context && <p className="mb-2 text-xs text-gray-500">{row.context}</p>}
      <div className="space-y-3">
        {row.fields.map((f) => {
          const value = props.edits.get(keyOf(row.id, f.field)) ?? f.value ?? '';
          const id = `t-${row.id}-${f.field}`.replace(/[^\w-]/g, '_');
          const isMissing = value.trim() === '';
          const Input = LONG.has(f.field) ? 'textarea' : 'input';
          return (
            <div key={f.field} className="grid gap-2 md:grid-cols-2 md:gap-4">
              <div>
                <p className="text-xs font-medium text-gray-500">{fieldName(f.field)}</p>
                <p className={`text-sm whitespace-pre-line text-gray-900 ${LONG.has(f.field) ? 'line-clamp-4' : 'font-medium'}`}>
                  {f.source}
                </p>
              </div>
              <div>
                <div className="flex items-center justify-between gap-2">
                  <label htmlFor={id} className="text-xs font-medium text-gray-500">
                    {t('{field} in', { field: fieldName(f.field) })} {LANGUAGE_ENGLISH_NAMES[props.language]}
                    <span className="sr-only"> {t('of {title}', { title })}</span>
                  </label>
                  {isMissing && (
                    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">{t('Missing')}</span>
                  )}
                </div>
                <Input
                  id={id}
                  lang={props.language}
                  value={value}
                  maxLength={maxLengthOf(f.field)}
                  onChange={(e: { target: { value: string } }) => props.onEdit(f.field, e.target.value)}
                  {...(Input === 'textarea' ? { rows: 3 } : {})}
                  className={`script-text mt-1 w-full rounded-md border px-2 py-1.5 text-sm ${isMissing ? 'border-amber-400' : ''}`}
                />
              </div>
            </div>
          );
        })}
      </div>
      <div className="mt-3 flex justify-end">
        <button
          type="button"
          disabled={!dirty || props.saving}
          onClick={props.onSave}
          aria-label={t('Save the {LANGUAGE_ENGLISH_NAMES} of {title}', {
            LANGUAGE_ENGLISH_NAMES: LANGUAGE_ENGLISH_NAMES[props.language],
            title,
          })}
          className={`${button} border bg-white hover:bg-gray-50`}
        >
          {props.saving ? t('Saving…') : t('Save')}
        </button>
      </div>
    </li>
  );
}
