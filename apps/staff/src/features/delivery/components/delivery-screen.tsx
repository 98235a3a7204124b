import { counted } from '@grocer/shared/labels';
import { useState } from 'react';
import { Card } from '../../../components/ui/field';
import { LoadingView } from '../../../components/ui/loading';
import { errorMessage } from '../../../lib/error-message';
import { useDelivery } from '../api/get-delivery';
import { Closures } from './closures';
import { PincodeEditor } from './pincode-editor';
import { SlotTable } from './slot-table';
import { ZoneForm } from './zone-form';
import { t } from '../../../lib/i18n';

/** Delivery: each zone with its rules, pincodes and slot templates, and a way to add a zone. */
export function DeliveryScreen() {
  const delivery = useDelivery();
  const [adding, setAdding] = useState(false);
  if (delivery.isPending) return <LoadingView />;
  if (delivery.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(delivery.error)}
      </p>
    );
  const { zones, warehouses } = delivery.data;
  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between gap-4">
        <p className="text-sm text-gray-600">
          {t('{zones} · {zones2} served', {
            zones: counted(zones.length, 'zone'),
            zones2: counted(
              zones.reduce((n, z) => n + z.pincodes.length, 0),
              'pincode',
            ),
          })}
        </p>
        {!adding && (
          <button
            type="button"
            onClick={() => setAdding(true)}
            className="rounded-md bg-gray-900 px-4 py-2 text-sm font-medium text-white hover:bg-gray-700"
          >
            {t('New zone')}
          </button>
        )}
      </div>
      {adding && (
        <Card title={t('New zone')}>
          <ZoneForm zone={null} warehouses={warehouses} onSaved={() => setAdding(false)} />
        </Card>
      )}
      {zones.map((z) => (
        <Card key={z.id} title={t('{name} · from {warehouse}', { name: z.name, warehouse: z.warehouse })}>
          <ZoneForm key={JSON.stringify(z)} zone={z} warehouses={warehouses} />
          <h3 className="mb-2 mt-6 text-sm font-semibold">{t('Pincodes ({pincodes})', { pincodes: z.pincodes.length })}</h3>
          <PincodeEditor zone={z} />
          <h3 className="mb-2 mt-6 text-sm font-semibold">{t('Delivery slots')}</h3>
          <SlotTable zoneId={z.id} slots={z.slots} />
        </Card>
      ))}
      <Card title={t('Holidays and closures')}>
        <Closures delivery={delivery.data} />
      </Card>
    </div>
  );
}
