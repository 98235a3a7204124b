import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Card, Field, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/error-message';
import { paths } from '../../../lib/paths';
import { useCreateDraft, useDraftCustomers } from '../api/drafts';
import { t } from '../../../lib/i18n';

const primary = 'rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:opacity-90 disabled:opacity-50';

/** Orders → New order: pick the customer (search by name or mobile) or add one by mobile; the draft opens next. */
export function DraftNew() {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const customers = useDraftCustomers(q);
  const create = useCreateDraft();
  const start = (body: Parameters<typeof create.mutate>[0]) => create.mutate(body, { onSuccess: (d) => navigate(paths.draft(d.id)) });

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title={t('Existing customer')}>
        <Field label={t('Search by name, mobile or email')}>
          {(a) => <input {...a} type="search" value={q} onChange={(e) => setQ(e.target.value)} className={inputClass} />}
        </Field>
        {customers.data && (
          <ul className="mt-2 divide-y rounded-md border text-sm" aria-label={t('Matching customers')}>
            {customers.data.data.length === 0 && <li className="px-3 py-2 text-gray-500">{t('No customer matches')}</li>}
            {customers.data.data.map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span>
                  <span className="font-medium">{c.name}</span>{' '}
                  <span className="text-gray-500">{[c.phone, c.email].filter(Boolean).join(' · ')}</span>
                </span>
                <button
                  type="button"
                  className="rounded-md border bg-white px-3 py-1 text-xs font-medium hover:bg-gray-50"
                  disabled={create.isPending}
                  onClick={() => start({ customer_id: c.id })}
                >
                  {t('Start draft')}
                  <span className="sr-only"> {t('for {name}', { name: c.name })}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('New customer')}>
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            start({ customer: { name, phone } });
          }}
        >
          <Field label={t('Name')}>
            {(a) => <input {...a} value={name} onChange={(e) => setName(e.target.value)} className={inputClass} required />}
          </Field>
          <Field label={t('Mobile')} hint={t('An existing customer with this mobile is used.')}>
            {(a) => (
              <input {...a} inputMode="numeric" value={phone} onChange={(e) => setPhone(e.target.value)} className={inputClass} required />
            )}
          </Field>
          <button type="submit" className={primary} disabled={create.isPending}>
            {t('Start draft')}
          </button>
        </form>
      </Card>
      {create.error && (
        <p role="alert" className="text-sm text-red-700 lg:col-span-2">
          {errorMessage(create.error)}
        </p>
      )}
    </div>
  );
}
