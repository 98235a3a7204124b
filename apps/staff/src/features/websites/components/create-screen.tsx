import { INDIAN_STATES } from '@grocer/shared/account';
import { ApiError } from '@grocer/shared/api-client';
import { createWebsiteInputSchema } from '@grocer/shared/websites';
import { useState } from 'react';
import { toast } from 'sonner';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useCreateWebsite, useManageable } from '../api/websites';
import { t } from '../../../lib/i18n';

type Errors = Partial<Record<'name' | 'domain' | 'state' | 'gstin' | 'copy_from', string>>;

/** `/auth/bos/create` (superadmin): a new website, blank or a copy of another's storefront. */
export function CreateScreen() {
  const sources = useManageable();
  const create = useCreateWebsite();
  const [form, setForm] = useState({
    name: '',
    domain: '',
    state: 'Karnataka' as (typeof INDIAN_STATES)[number],
    gstin: '',
    start: 'blank' as 'blank' | 'copy',
    copy_from: null as number | null,
    copy_catalogue: false,
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof typeof form>(k: K, v: (typeof form)[K]) => (
    setForm({ ...form, [k]: v }),
    setErrors({ ...errors, [k]: undefined })
  );

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const checked = createWebsiteInputSchema.safeParse(form);
    if (!checked.success) {
      const found: Errors = {};
      for (const i of checked.error.issues) found[i.path[0] as keyof Errors] ??= i.message;
      return setErrors(found);
    }
    try {
      const made = await create.mutateAsync(form);
      toast.success(t('{name} is ready at {domain}. Choose it to manage it.', { name: made.name, domain: made.domain }));
      location.assign(paths.chooseWebsite());
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length)
        setErrors(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0]])) as Errors);
      else if (err instanceof ApiError && err.status === 409) setErrors({ domain: errorMessage(err) });
      else toast.error(errorMessage(err));
    }
  };

  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-1 text-2xl font-semibold">{t('Create a website')}</h1>
      <p className="mb-6 text-sm text-gray-600">
        {t('A new shop on its own domain, with its own catalogue, stock, people, orders and settings. You become its admin.')}
      </p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Card title={t('The shop')}>
          <div className="grid gap-4 md:grid-cols-2">
            <Field label={t('Name')} error={errors.name}>
              {(a) => <input {...a} value={form.name} onChange={(e) => set('name', e.target.value)} className={inputClass} />}
            </Field>
            <Field label={t('Primary domain')} error={errors.domain} hint={t('Such as shop.example.com; more can be added later.')}>
              {(a) => (
                <input
                  {...a}
                  value={form.domain}
                  onChange={(e) => set('domain', e.target.value)}
                  autoComplete="off"
                  className={inputClass}
                />
              )}
            </Field>
            <Field label={t('State')} error={errors.state} hint={t('Where the shop is registered: CGST + SGST or IGST on its invoices.')}>
              {(a) => (
                <select
                  {...a}
                  value={form.state}
                  onChange={(e) => set('state', e.target.value as typeof form.state)}
                  className={inputClass}
                >
                  {INDIAN_STATES.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('GSTIN')} error={errors.gstin} hint={t('Printed on its invoices; leave empty if not registered.')}>
              {(a) => (
                <input
                  {...a}
                  value={form.gstin}
                  onChange={(e) => set('gstin', e.target.value.toUpperCase())}
                  maxLength={15}
                  className={`${inputClass} font-mono`}
                />
              )}
            </Field>
          </div>
        </Card>
        <Card title={t('Start from')}>
          <fieldset className="space-y-3">
            <legend className="sr-only">{t('Start from')}</legend>
            <label className="flex items-start gap-2 text-sm">
              <input type="radio" name="start" className="mt-1" checked={form.start === 'blank'} onChange={() => set('start', 'blank')} />
              <span>
                <span className="font-medium">{t('Blank')}</span>
                <span className="block text-gray-600">{t('Default settings, one warehouse, no products.')}</span>
              </span>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input type="radio" name="start" className="mt-1" checked={form.start === 'copy'} onChange={() => set('start', 'copy')} />
              <span>
                <span className="font-medium">{t("A copy of a website's storefront")}</span>
                <span className="block text-gray-600">
                  {t('Its theme and settings, menus, pages, popup and SEO. Never its orders, people or stock.')}
                </span>
              </span>
            </label>
          </fieldset>
          {form.start === 'copy' && (
            <div className="mt-4 space-y-3 border-t pt-4">
              <Field label={t('Website to copy')} error={errors.copy_from}>
                {(a) => (
                  <select
                    {...a}
                    value={form.copy_from ?? ''}
                    onChange={(e) => set('copy_from', e.target.value ? Number(e.target.value) : null)}
                    className={inputClass}
                  >
                    <option value="">{t('Choose a website')}</option>
                    {(sources.data?.data ?? []).map((w) => (
                      <option key={w.id} value={w.id}>
                        {w.name}
                        {w.domain ? ` (${w.domain})` : ''}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={form.copy_catalogue} onChange={(e) => set('copy_catalogue', e.target.checked)} />
                {t('Also copy its catalogue (categories, brands, products, packs and images)')}
              </label>
            </div>
          )}
        </Card>
        <div className="flex gap-3">
          <button
            type="submit"
            disabled={create.isPending}
            className="rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
          >
            {create.isPending ? t('Creating…') : t('Create website')}
          </button>
          <a href={paths.chooseWebsite()} className="rounded-md border px-4 py-2 text-sm font-medium">
            {t('Cancel')}
          </a>
        </div>
      </form>
    </div>
  );
}
