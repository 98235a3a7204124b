import { ApiError } from '@grocer/shared/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { errorMessage } from '../../../lib/error-message';
import { fieldErrors, useSaveGroup } from '../api';
import type { MenuKind, SettingsGroup } from '@grocer/shared/site-settings';
import { t } from '../../../lib/i18n';

export type Setter<T> = (patch: Partial<T>) => void;

/**
 * One settings group's form: a draft of the saved values, Save (with the version it was read at)
 * and Reset, the server's refusals shown at their fields, a stale save (409) explained with a way
 * to reload, and a guard against leaving with unsaved changes. Mount it keyed by the version so
 * a save or a reload starts from what the server kept.
 */
export function GroupForm<T extends object>({
  title,
  intro,
  target,
  value,
  version,
  toBody = (v) => v as Record<string, unknown>,
  aside,
  children,
}: {
  title: string;
  intro?: ReactNode;
  target: SettingsGroup | `menus/${MenuKind}`;
  value: T;
  version: number;
  toBody?: (v: T) => Record<string, unknown>;
  /** a live preview beside the form */
  aside?: (draft: T) => ReactNode;
  children: (draft: T, set: Setter<T>, errors: Record<string, string>) => ReactNode;
}) {
  const [draft, setDraft] = useState<T>(value);
  const save = useSaveGroup(target);
  const client = useQueryClient();
  const dirty = JSON.stringify(draft) !== JSON.stringify(value);
  const stale = save.error instanceof ApiError && save.error.status === 409;
  const errors = fieldErrors(save.error);
  const set: Setter<T> = (patch) => setDraft((d) => ({ ...d, ...patch }));

  const submit = () =>
    save.mutate(
      { ...toBody(draft), version },
      {
        onSuccess: () => toast.success(t('{title} saved: shoppers see it on their next page load', { title })),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );

  return (
    <form
      className="flex flex-col gap-6 xl:flex-row"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <LeaveGuard when={dirty && !save.isPending && !save.isSuccess} />
      <div className="min-w-0 flex-1">
        {/* the title and Save stick to the top in one short row (on a phone the toasts show below it); the intro scrolls away */}
        <header className="sticky top-0 z-20 -mx-4 -mt-4 flex items-center justify-between gap-4 border-b bg-gray-50/95 px-4 py-3 backdrop-blur md:-mx-6 md:-mt-6 md:px-6 md:py-4">
          <h1 className="min-w-0 text-xl font-semibold md:text-2xl">{title}</h1>
          <div className="flex shrink-0 gap-2">
            <button
              type="button"
              disabled={!dirty || save.isPending}
              onClick={() => (setDraft(value), save.reset())}
              className="rounded-md border px-4 py-2 text-sm font-medium hover:bg-gray-50 disabled:opacity-40"
            >
              {t('Reset')}
            </button>
            <button
              type="submit"
              disabled={!dirty || save.isPending}
              className="rounded-md bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800 disabled:opacity-40"
            >
              {save.isPending ? t('Saving…') : t('Save')}
            </button>
          </div>
        </header>
        <div className="mt-3 mb-5 max-w-2xl text-sm text-gray-600">{intro}</div>
        {stale && (
          <div
            role="alert"
            className="mb-4 flex items-center justify-between gap-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
          >
            <span>{errorMessage(save.error)}</span>
            <button
              type="button"
              className="rounded-md border border-amber-400 bg-white px-3 py-1 font-medium"
              onClick={() => void client.invalidateQueries({ queryKey: ['builder', 'settings'] })}
            >
              {t('Reload')}
            </button>
          </div>
        )}
        {Object.keys(errors).length > 0 && (
          <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {t('Nothing was saved: fix the fields marked below.')}
          </p>
        )}
        {children(draft, set, errors)}
      </div>
      {aside && <aside className="w-full shrink-0 xl:sticky xl:top-6 xl:w-[420px] xl:self-start">{aside(draft)}</aside>}
    </form>
  );
}

/** A labelled on/off switch (spec §2 boolean toggle). */
export function Toggle({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  hint?: string;
}) {
  return (
    <label className="flex cursor-pointer items-start justify-between gap-4 rounded-md border bg-white px-3 py-2">
      <span>
        <span className="block text-sm font-medium">{label}</span>
        {hint && <span className="block text-xs text-gray-500">{hint}</span>}
      </span>
      <input type="checkbox" role="switch" className="peer sr-only" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span
        aria-hidden
        className="relative mt-0.5 h-5 w-9 shrink-0 rounded-full bg-gray-300 transition after:absolute after:top-0.5 after:left-0.5 after:size-4 after:rounded-full after:bg-white after:transition peer-checked:bg-teal-700 peer-checked:after:translate-x-4 peer-focus-visible:outline-2 peer-focus-visible:outline-teal-700"
      />
    </label>
  );
}
