import type { DeliveryNote } from '@grocer/shared/admin-orders';
import { Field, inputClass } from '../../../components/ui/field';

export const emptyNote: DeliveryNote = { person: '', phone: '', vehicle: '', tracking: '' };

/** Who takes the parcel out: person and mobile (required), a vehicle number or a courier's tracking id. */
export function DeliveryNoteFields({
  value,
  onChange,
  errors = {},
}: {
  value: DeliveryNote;
  onChange: (v: DeliveryNote) => void;
  errors?: Partial<Record<keyof DeliveryNote, string>>;
}) {
  const input = (key: keyof DeliveryNote, label: string, extra: Record<string, unknown> = {}) => (
    <Field label={label} error={errors[key]} className="min-w-40 flex-1">
      {(a) => (
        <input
          {...a}
          {...extra}
          className={inputClass}
          value={value[key]}
          onChange={(e) => onChange({ ...value, [key]: e.target.value })}
        />
      )}
    </Field>
  );
  return (
    <>
      {input('person', 'Delivery person', { required: true, autoComplete: 'off' })}
      {input('phone', 'Their mobile', { required: true, inputMode: 'numeric', maxLength: 10, autoComplete: 'off' })}
      {input('vehicle', 'Vehicle number')}
      {input('tracking', 'Tracking id')}
    </>
  );
}
