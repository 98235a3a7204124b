import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@grocer/shared/api-client';
import {
  languagesGroupSchema,
  menusGroupSchema,
  navigationGroupSchema,
  popupGroupSchema,
  scriptsGroupSchema,
  seoGroupSchema,
  themeGroupSchema,
  websiteGroupSchema,
  type MenuKind,
  type SettingsGroup,
} from '@grocer/shared/site-settings';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type PathValue, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { contractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-message';
import { useSaveGroup } from '../api';
import { t } from '../../../lib/i18n';

export type Setter<T> = (patch: Partial<T>) => void;

type Body = Record<string, unknown>;
/** Each group's shared contract: the body its PUT takes (without the version), as the server checks it. */
const CONTRACTS: Record<SettingsGroup | 'menus', z.ZodType<Body>> = {
  website: websiteGroupSchema,
  theme: themeGroupSchema,
  navigation: navigationGroupSchema,
  popup: popupGroupSchema,
  seo: seoGroupSchema,
  scripts: scriptsGroupSchema,
  languages: languagesGroupSchema,
  menus: menusGroupSchema,
};
const contractOf = (target: SettingsGroup | `menus/${MenuKind}`) =>
  CONTRACTS[target.startsWith('menus/') ? 'menus' : (target as SettingsGroup)];

/**
 * A group form's schema (for react-hook-form's zod resolver): the draft as edited is turned into the
 * group's body by `toBody`, that body is checked by the group's shared contract (its messages land
 * at the draft's paths, e.g. `logo_settings.image_height`; a list's own at `items.root`) and is the
 * form's output.
 */
const groupFormSchema = (toBody: (draft: Body) => Body, contract: z.ZodType<Body>) =>
  contractForm(z.looseObject({}), toBody, contract, 'form');

/** The form's errors by field path (`logo_settings.image_height`, `items.0.name`; a list's own at the list's path), as the screens show them. */
function byPath(errors: FieldErrors, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, error] of Object.entries(errors)) {
    if (!error || typeof error !== 'object') continue;
    const path = key === 'root' && prefix ? prefix : prefix ? `${prefix}.${key}` : key;
    if ('type' in error) {
      if (typeof error.message === 'string') out[path] ??= error.message;
    } else byPath(error as FieldErrors, path, out);
  }
  return out;
}

/**
 * One settings group's form: a draft of the saved values, Save (with the version it was read at)
 * and Reset, checked by the group's shared contract before sending, its messages and the server's
 * refusals shown at their fields, a stale save (409) explained with a way to reload, and a guard
 * against leaving with unsaved changes. Mount it keyed by the version so a save or a reload starts
 * from what the server kept.
 */
export function GroupForm<T extends FieldValues>({
  title,
  intro,
  target,
  value,
  version,
  toBody = (v) => v,
  aside,
  children,
}: {
  title: string;
  intro?: ReactNode;
  target: SettingsGroup | `menus/${MenuKind}`;
  value: T;
  version: number;
  toBody?: (v: T) => Body;
  /** a live preview beside the form */
  aside?: (draft: T) => ReactNode;
  children: (draft: T, set: Setter<T>, errors: Record<string, string>) => ReactNode;
}) {
  const save = useSaveGroup(target);
  const client = useQueryClient();
  const { handleSubmit, formState, setError, setValue, reset, watch } = useForm<T, unknown, Body>({
    // the draft's own type (T) is the screen's: the schema takes any object as the draft
    resolver: zodResolver(groupFormSchema((d) => toBody(d as T), contractOf(target))) as Resolver<T, unknown, Body>,
    defaultValues: value as DefaultValues<T>,
  });
  const draft = watch() as T;
  const dirty = formState.isDirty;
  const stale = save.error instanceof ApiError && save.error.status === 409;
  const errors = byPath(formState.errors);
  // a change is checked again once a save has been tried, so a fixed field's message goes
  const set: Setter<T> = (patch) => {
    for (const [key, v] of Object.entries(patch))
      setValue(key as Path<T>, v as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ ...body, version });
      toast.success(t('{title} saved: shoppers see it on their next page load', { title }));
    } catch (e) {
      if (e instanceof ApiError)
        for (const [path, messages] of Object.entries(e.fieldErrors))
          if (messages[0]) setError(path as Path<T>, { type: 'server', message: messages[0] });
      toast.error(errorMessage(e));
    }
  });

  return (
    <form className="flex flex-col gap-6 xl:flex-row" onSubmit={submit} noValidate>
      <LeaveGuard when={dirty && !formState.isSubmitting && !save.isSuccess} />
      <div className="min-w-0 flex-1">
        {/* the title and Save stick to the top in one short row (on a phone the toasts show below it); the intro scrolls away */}
        <header className="sticky top-0 z-20 -mx-4 -mt-4 flex items-center justify-between gap-4 border-b bg-gray-50/95 px-4 py-3 backdrop-blur md:-mx-6 md:-mt-6 md:px-6 md:py-4">
          <h1 className="min-w-0 text-xl font-semibold md:text-2xl">{title}</h1>
          <div className="flex shrink-0 gap-2">
            <button
              type="button"
              disabled={!dirty || formState.isSubmitting}
              onClick={() => (reset(value), save.reset())}
              className="rounded-md border px-4 py-2 text-sm font-medium hover:bg-gray-50 disabled:opacity-40"
            >
              {t('Reset')}
            </button>
            <button
              type="submit"
              disabled={!dirty || formState.isSubmitting}
              className="rounded-md bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800 disabled:opacity-40"
            >
              {formState.isSubmitting ? t('Saving…') : t('Save')}
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
