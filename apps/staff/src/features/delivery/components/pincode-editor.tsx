import { parsePincodes, type AdminZone } from '@grocer/shared/admin-delivery';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/error-message';
import { useAddPincodes, useRemovePincode } from '../api/pincodes';
import { t } from '../../../lib/i18n';

/**
 * A zone's pincodes, and a box to paste many at once (a spreadsheet column, a comma list). Each
 * is checked by the shared pincode rule as it is typed; invalid ones are named and nothing is
 * sent until they are fixed. Added pincodes are served in the storefront at once.
 */
export function PincodeEditor({ zone }: { zone: AdminZone }) {
  const [text, setText] = useState('');
  const add = useAddPincodes(zone.id);
  const remove = useRemovePincode(zone.id);
  const id = useId();
  const parsed = parsePincodes(text);
  const fresh = parsed.valid.filter((p) => !zone.pincodes.includes(p));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (parsed.invalid.length || fresh.length === 0) return;
    add.mutate(text, {
      onSuccess: (r) => {
        setText('');
        toast.success(t('{added} pincode{added, plural, one {} other {s}} added to {name}', { added: r.added.length, name: zone.name }));
      },
    });
  };
  return (
    <div>
      {zone.pincodes.length === 0 ? (
        <p className="text-sm text-gray-600">{t('No pincodes yet: nobody can order to this zone.')}</p>
      ) : (
        <ul aria-label={t('{name} pincodes', { name: zone.name })} className="flex flex-wrap gap-2">
          {zone.pincodes.map((p) => (
            <li key={p} className="inline-flex items-center gap-1 rounded-full border bg-gray-50 py-0.5 pl-3 pr-1 font-mono text-sm">
              {p}
              <button
                type="button"
                aria-label={t('Stop delivering to {p}', { p })}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(p, {
                    onSuccess: () => toast.success(t('{p} removed from {name}', { p, name: zone.name })),
                    onError: (e) => toast.error(errorMessage(e)),
                  })
                }
                className="rounded-full p-0.5 text-gray-500 hover:bg-gray-200 hover:text-gray-900"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="mt-3">
        <label htmlFor={id} className="block text-sm font-medium text-gray-700">
          {t('Add pincodes')}
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-start">
          <textarea
            id={id}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              add.reset();
            }}
            rows={2}
            spellCheck={false}
            placeholder={t('Paste one or many: 560001, 560002 or one a line')}
            aria-invalid={parsed.invalid.length > 0}
            aria-describedby={`${id}-status`}
            className="block w-full rounded-md border px-3 py-2 font-mono text-sm aria-[invalid=true]:border-red-600 sm:max-w-md"
          />
          <button
            type="submit"
            disabled={parsed.invalid.length > 0 || fresh.length === 0 || add.isPending}
            className="rounded-md border border-gray-900 px-4 py-2 text-sm font-medium hover:bg-gray-50 disabled:opacity-50"
          >
            {add.isPending
              ? t('Adding…')
              : t('Add {value} pincode{fresh, plural, one {} other {s}}', { value: fresh.length || '', fresh: fresh.length })}
          </button>
        </div>
        <p id={`${id}-status`} className="mt-1 text-xs" aria-live="polite">
          {parsed.invalid.length > 0 ? (
            <span className="text-red-700">
              {t('Not valid pincodes (6 digits, not starting with 0): {invalid}', { invalid: parsed.invalid.join(', ') })}
            </span>
          ) : add.error ? (
            <span className="text-red-700">{errorMessage(add.error)}</span>
          ) : parsed.valid.length > fresh.length ? (
            <span className="text-gray-500">
              {parsed.valid.length - fresh.length} {t('already in this zone')}
            </span>
          ) : null}
        </p>
      </form>
    </div>
  );
}
