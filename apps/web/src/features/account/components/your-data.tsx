import type { Init, User } from '@grocer/shared/storefront';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/dialogs';
import { handleError } from '../../../lib/errors';
import { initQuery } from '../../../lib/init';
import { identify } from '../../../lib/telemetry/analytics';
import { toast } from '../../../lib/toast';
import { accountApi } from '../api/account';
import { t } from '../../../lib/i18n';

/**
 * The shopper's data rights (DPDP Act 2023), under the profile: a copy of their data, their choice
 * about the shop's analytics knowing who they are, and erasure. `onDeleted` signs the browser out
 * (the app's session wiring, outside this feature).
 */
export function YourData({ user, onDeleted }: { user: User; onDeleted: () => Promise<void> }) {
  const client = useQueryClient();
  const [consent, setConsent] = useState(!!user.analyticsConsent);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const choose = async (analytics: boolean) => {
    setConsent(analytics);
    try {
      const r = await accountApi.setConsent(analytics);
      client.setQueryData<Init>(initQuery.queryKey, (init) =>
        init?.user ? { ...init, user: { ...init.user, analyticsConsent: r.analytics } } : init,
      );
      // from now on the shop's analytics may know who this is (and only now)
      identify({ id: user.id, analyticsConsent: r.analytics });
    } catch (err) {
      setConsent(!analytics);
      handleError(err);
    }
  };
  const erase = async () => {
    setBusy(true);
    try {
      await accountApi.deleteAccount();
      setAsking(false);
      await onDeleted();
      toast.success(t('Your account has been deleted'));
    } catch (err) {
      setAsking(false);
      handleError(err);
    } finally {
      setBusy(false);
    }
  };
  const link = 'inline-flex min-h-11 items-center gap-1.5 rounded-lg border px-3 py-2 text-sm hover:bg-gray-50';
  return (
    <section aria-labelledby="your-data" className="mt-6 rounded-xl border bg-white p-5">
      <h2 id="your-data" className="mb-3 text-lg font-semibold">
        {t('Your data')}
      </h2>
      <label className="mb-4 flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1" checked={consent} onChange={(e) => void choose(e.target.checked)} />
        <span>
          {t('Help improve the shop: share my activity with the shop’s analytics under my account')}
          <span className="block text-xs text-gray-600">{t('Without it, what you do here is counted without knowing who you are.')}</span>
        </span>
      </label>
      <div className="flex flex-wrap gap-2">
        <a className={link} href="/s/api/account/export" download>
          <Download size={16} aria-hidden="true" /> {t('Download my data')}
        </a>
        <a className={link} href="/s/api/account/export.csv" download>
          <Download size={16} aria-hidden="true" /> {t('My orders as CSV')}
        </a>
        <button type="button" className={`${link} border-red-200 text-red-700 hover:bg-red-50`} onClick={() => setAsking(true)}>
          <Trash2 size={16} aria-hidden="true" /> {t('Delete my account')}
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        danger
        title={t('Delete your account?')}
        message={t(
          'Your name, email, mobile, addresses, saved lists and cart are erased, and you are signed out everywhere. Your orders stay in the shop’s books for 8 years, as GST law asks, without your name.',
        )}
        confirmLabel={busy ? t('Deleting…') : t('Delete my account')}
        onCancel={() => setAsking(false)}
        onConfirm={() => void erase()}
      />
    </section>
  );
}
