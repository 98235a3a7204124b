import type { PosSettings } from '@grocer/shared/pos';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, field } from '@grocer/shared/api-client';
import { errorMessage } from '../../../lib/error-message';
import { addLooseGood } from '../api/add-loose-good';
import { savePosSettings } from '../api/save-settings';
import { refreshCatalogue } from '../offline';
import { posSettingsQuery } from '../api/get-settings';
import { toast } from '../toast';
import { t } from '../../../lib/i18n';

/** The owner's counter settings: the shop's UPI ID and payee name for the QR, and the discount limit. */
export function SettingsPanel({ settings, warehouseId }: { settings: PosSettings; warehouseId: number }) {
  const qc = useQueryClient();
  const [vpa, setVpa] = useState(settings.upi_vpa);
  const [payee, setPayee] = useState(settings.payee_name);
  const [limit, setLimit] = useState(String(settings.max_discount_percent));
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <section className="m-3 max-w-md rounded border bg-white p-3" aria-label={t('POS settings')}>
      <h2 className="mb-2 text-lg font-semibold">{t('POS settings')}</h2>
      <form
        className="flex flex-col gap-3"
        onSubmit={async (e) => {
          e.preventDefault();
          setErrors({});
          try {
            const saved = await savePosSettings({
              upi_vpa: vpa.trim(),
              payee_name: payee.trim(),
              max_discount_percent: Number(limit) || 0,
            });
            qc.setQueryData(posSettingsQuery().queryKey, saved);
            toast.success(t('POS settings saved'));
          } catch (err) {
            const fields = err instanceof ApiError ? (field(err.data, 'errors') as Record<string, string[]> | undefined) : undefined;
            if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
            else toast.error(errorMessage(err));
          }
        }}
      >
        <label className="text-sm font-medium">
          {t('Shop’s UPI ID (for the QR)')}
          <input
            className="mt-1 block w-full rounded border px-2 py-1"
            value={vpa}
            onChange={(e) => setVpa(e.target.value)}
            placeholder="shop@okaxis"
            aria-invalid={!!errors.upi_vpa}
          />
          {errors.upi_vpa && <span className="text-red-700">{errors.upi_vpa}</span>}
        </label>
        <label className="text-sm font-medium">
          {t('Payee name')}
          <input className="mt-1 block w-full rounded border px-2 py-1" value={payee} onChange={(e) => setPayee(e.target.value)} />
        </label>
        <label className="text-sm font-medium">
          {t('Most a cashier may take off a bill (%)')}
          <input
            className="mt-1 block w-24 rounded border px-2 py-1"
            inputMode="decimal"
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
            aria-invalid={!!errors.max_discount_percent}
          />
          {errors.max_discount_percent && <span className="text-red-700">{errors.max_discount_percent}</span>}
        </label>
        <button className="self-start rounded bg-teal-700 px-4 py-2 font-semibold text-white">{t('Save')}</button>
      </form>
      <LooseGoodForm warehouseId={warehouseId} />
    </section>
  );
}

/** A loose good sold by weight: priced per kg, its stock in grams (the same opening stock at every warehouse). */
function LooseGoodForm({ warehouseId }: { warehouseId: number }) {
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [hsn, setHsn] = useState('');
  const [gst, setGst] = useState('0');
  const [kg, setKg] = useState('');
  const [error, setError] = useState('');
  return (
    <form
      aria-label={t('Add a loose good')}
      className="mt-6 flex flex-col gap-2 border-t pt-3"
      onSubmit={async (e) => {
        e.preventDefault();
        setError('');
        try {
          await addLooseGood({
            name: name.trim(),
            price_per_kg: Number(price),
            hsn_code: hsn.trim(),
            gst_rate: Number(gst) || 0,
            grams: Math.round((Number(kg) || 0) * 1000),
          });
          await refreshCatalogue(warehouseId);
          toast.success(t('{name} added: sold by weight', { name: name.trim() }));
          setName('');
          setPrice('');
          setKg('');
        } catch (err) {
          setError(errorMessage(err));
        }
      }}
    >
      <h3 className="font-semibold">{t('Add a loose good (sold by weight)')}</h3>
      <label className="text-sm font-medium">
        {t('Name')}
        <input className="mt-1 block w-full rounded border px-2 py-1" value={name} onChange={(e) => setName(e.target.value)} required />
      </label>
      <div className="flex gap-2">
        <label className="text-sm font-medium">
          {t('Price per kg (₹)')}
          <input
            className="mt-1 block w-24 rounded border px-2 py-1"
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            required
          />
        </label>
        <label className="text-sm font-medium">
          {t('HSN')}
          <input className="mt-1 block w-24 rounded border px-2 py-1" value={hsn} onChange={(e) => setHsn(e.target.value)} />
        </label>
        <label className="text-sm font-medium">
          {t('GST %')}
          <input
            className="mt-1 block w-16 rounded border px-2 py-1"
            inputMode="decimal"
            value={gst}
            onChange={(e) => setGst(e.target.value)}
          />
        </label>
        <label className="text-sm font-medium">
          {t('Stock (kg)')}
          <input
            className="mt-1 block w-20 rounded border px-2 py-1"
            inputMode="decimal"
            value={kg}
            onChange={(e) => setKg(e.target.value)}
          />
        </label>
      </div>
      {error && <p className="text-sm text-red-700">{error}</p>}
      <button className="self-start rounded border px-4 py-2">{t('Add loose good')}</button>
    </form>
  );
}
