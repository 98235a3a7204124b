import { INVALID_PINCODE_MESSAGE } from '@grocer/shared/errors';
import { PINCODE_MIN_LENGTH } from '@grocer/shared/validation';
import { useState, type FormEvent } from 'react';
import { FormError, inputClass, SubmitButton } from '../../components/ui/form';
import { Modal } from '../../components/ui/modal';
import { api } from '../../lib/api';
import { readError } from '../../lib/errors';
import { t } from '../../lib/i18n';

/**
 * Spec §2/§5 'Change Location': fewer than 6 characters shows 'Please enter a valid pincode'
 * and sends nothing; success reloads the page (prices, stock and delivery follow the pincode);
 * a refusal shows the response text under the input; closing clears the error.
 */
export function PincodeModal({ open, current, onClose }: { open: boolean; current: string | null; onClose: () => void }) {
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setError(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const pincode = value.trim();
    if (pincode.length < PINCODE_MIN_LENGTH) return setError(INVALID_PINCODE_MESSAGE);
    setBusy(true);
    setError(null);
    try {
      await api(`/api/check/pincode/${encodeURIComponent(pincode)}`);
      window.location.reload();
    } catch (err) {
      setError(readError(err));
      setBusy(false);
    }
  };
  return (
    <Modal open={open} onClose={close} title={t('Change Location')}>
      <form onSubmit={submit} noValidate>
        <p className="mb-3 text-sm text-gray-600" id="pincode-help">
          {t('Enter your pincode to check delivery time and availability.')}
        </p>
        <label htmlFor="pincode-input" className="sr-only">
          {t('Pincode')}
        </label>
        <input
          id="pincode-input"
          type="number"
          inputMode="numeric"
          autoComplete="postal-code"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={t('Pincode')}
          className={inputClass}
          aria-invalid={!!error}
          aria-describedby={error ? 'pincode-error' : 'pincode-help'}
        />
        <FormError id="pincode-error" message={error} testId="pincode-error" />
        <SubmitButton busy={busy}>{t('Submit')}</SubmitButton>
      </form>
    </Modal>
  );
}
