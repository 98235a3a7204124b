import { zodResolver } from '@hookform/resolvers/zod';
import { INDIAN_STATES } from '@grocer/shared/account';
import { ApiError } from '@grocer/shared/api-client';
import { createWebsiteInputSchema, type CreateWebsiteInput } from '@grocer/shared/websites';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { contractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useCreateWebsite, useManageable } from '../api/websites';
import { t } from '../../../lib/i18n';

/** The form's fields as chosen and typed (the contract's names): the website to copy's id as the select gives it, '' for none. */
interface CreateForm {
  name: string;
  domain: string;
  state: (typeof INDIAN_STATES)[number];
  gstin: string;
  start: 'blank' | 'copy';
  copy_from: string;
  copy_catalogue: boolean;
}

const toInput = (f: CreateForm): CreateWebsiteInput => ({ ...f, copy_from: f.copy_from ? Number(f.copy_from) : null });

/**
 * The form's schema (for react-hook-form's zod resolver): the fields as typed are the API's body
 * (the website to copy as its id), checked by the shared contract (its messages shown at the form's
 * fields) and sent as typed (the server trims them and reads the domain).
 */
const createFormSchema = contractForm(
  z.object({
    name: z.string(),
    domain: z.string(),
    state: z.enum(INDIAN_STATES),
    gstin: z.string(),
    start: z.enum(['blank', 'copy']),
    copy_from: z.string(),
    copy_catalogue: z.boolean(),
  }),
  toInput,
  createWebsiteInputSchema,
  'name',
);

/** `/auth/bos/create` (superadmin): a new website, blank or a copy of another's storefront. */
export function CreateScreen() {
  const sources = useManageable();
  const create = useCreateWebsite();
  const { register, handleSubmit, formState, setError, watch } = useForm<CreateForm, unknown, CreateWebsiteInput>({
    resolver: zodResolver(createFormSchema),
    defaultValues: { name: '', domain: '', state: 'Karnataka', gstin: '', start: 'blank', copy_from: '', copy_catalogue: false },
  });
  const errors = formState.errors;
  const start = watch('start');
  const gstin = register('gstin');

  const submit = handleSubmit(async (input) => {
    try {
      const made = await create.mutateAsync(input);
      toast.success(t('{name} is ready at {domain}. Choose it to manage it.', { name: made.name, domain: made.domain }));
      location.assign(paths.chooseWebsite());
    } catch (err) {
      const fields = err instanceof ApiError ? Object.entries(err.fieldErrors) : [];
      if (fields.length) {
        for (const [wire, messages] of fields)
          if (messages[0] && wire in input) setError(wire as keyof CreateForm, { type: 'server', message: messages[0] });
      } else if (err instanceof ApiError && err.status === 409) setError('domain', { type: 'server', message: errorMessage(err) });
      else toast.error(errorMessage(err));
    }
  });

  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-1 text-2xl font-semibold">{t('Create a website')}</h1>
      <p className="mb-6 text-sm text-gray-600">
        {t('A new shop on its own domain, with its own catalogue, stock, people, orders and settings. You become its admin.')}
      </p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Card title={t('The shop')}>
          <div className="grid gap-4 md:grid-cols-2">
            <Field label={t('Name')} error={errors.name?.message}>
              {(a) => <input {...a} {...register('name')} className={inputClass} />}
            </Field>
            <Field
              label={t('Primary domain')}
              error={errors.domain?.message}
              hint={t('Such as shop.example.com; more can be added later.')}
            >
              {(a) => <input {...a} {...register('domain')} autoComplete="off" className={inputClass} />}
            </Field>
            <Field
              label={t('State')}
              error={errors.state?.message}
              hint={t('Where the shop is registered: CGST + SGST or IGST on its invoices.')}
            >
              {(a) => (
                <select {...a} {...register('state')} className={inputClass}>
                  {INDIAN_STATES.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('GSTIN')} error={errors.gstin?.message} hint={t('Printed on its invoices; leave empty if not registered.')}>
              {(a) => (
                <input
                  {...a}
                  {...gstin}
                  // upper case as it is typed
                  onChange={(e) => {
                    e.target.value = e.target.value.toUpperCase();
                    return gstin.onChange(e);
                  }}
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
              <input type="radio" {...register('start')} value="blank" className="mt-1" />
              <span>
                <span className="font-medium">{t('Blank')}</span>
                <span className="block text-gray-600">{t('Default settings, one warehouse, no products.')}</span>
              </span>
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input type="radio" {...register('start')} value="copy" className="mt-1" />
              <span>
                <span className="font-medium">{t("A copy of a website's storefront")}</span>
                <span className="block text-gray-600">
                  {t('Its theme and settings, menus, pages, popup and SEO. Never its orders, people or stock.')}
                </span>
              </span>
            </label>
          </fieldset>
          {start === 'copy' && (
            <div className="mt-4 space-y-3 border-t pt-4">
              <Field label={t('Website to copy')} error={errors.copy_from?.message}>
                {(a) => (
                  <select {...a} {...register('copy_from')} className={inputClass}>
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
                <input type="checkbox" {...register('copy_catalogue')} />
                {t('Also copy its catalogue (categories, brands, products, packs and images)')}
              </label>
            </div>
          )}
        </Card>
        <div className="flex gap-3">
          <button
            type="submit"
            disabled={formState.isSubmitting}
            className="rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white disabled:opacity-50"
          >
            {formState.isSubmitting ? t('Creating…') : t('Create website')}
          </button>
          <a href={paths.chooseWebsite()} className="rounded-md border px-4 py-2 text-sm font-medium">
            {t('Cancel')}
          </a>
        </div>
      </form>
    </div>
  );
}
