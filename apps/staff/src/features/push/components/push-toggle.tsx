import type { PushSubscriptionInput } from '@grocer/shared/push';
import { Bell, BellOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/error-message';
import { usePushChanges, usePushStatus } from '../api/push';
import { t } from '../../../lib/i18n';

/** Served by the server from /bos/admin (apps/staff/public/push-sw.js): its scope is Administration. */
const WORKER = '/bos/admin/push-sw.js';
const SCOPE = '/bos/admin/';

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The base64url VAPID key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** This browser's push subscription for Administration, if it has one. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration(SCOPE);
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/**
 * "Notify me of new orders" (issue 40.17): asks the browser's permission, registers the service
 * worker, subscribes with the installation's VAPID key and tells the server; the server then
 * pushes each new order to this browser, even with Administration closed. Turning it off forgets
 * this browser only.
 */
export function PushToggle() {
  const can = supported();
  const status = usePushStatus(can);
  const { subscribe, unsubscribe } = usePushChanges();
  const [here, setHere] = useState<PushSubscription | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (can) void currentSubscription().then(setHere, () => setHere(null));
  }, [can]);
  if (!can) return null;
  const denied = Notification.permission === 'denied';
  const on = !!here && (status.data?.subscriptions ?? 0) > 0;

  const turnOn = async () => {
    setBusy(true);
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        toast.error(t('Notifications are blocked for this site: allow them in the browser’s site settings.'));
        return;
      }
      const reg = await navigator.serviceWorker.register(WORKER, { scope: SCOPE });
      await navigator.serviceWorker.ready;
      const key = status.data?.public_key ?? (await status.refetch()).data?.public_key;
      if (!key) throw new Error('The server did not give its push key');
      const sub =
        (await reg.pushManager.getSubscription()) ??
        (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
      await subscribe.mutateAsync(sub.toJSON() as PushSubscriptionInput);
      setHere(sub);
      toast.success(t('This browser will be notified of new orders'));
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    setBusy(true);
    try {
      const sub = here ?? (await currentSubscription());
      if (sub) {
        await unsubscribe.mutateAsync(sub.endpoint);
        await sub.unsubscribe();
      }
      setHere(null);
      toast.success(t('New-order notifications are off in this browser'));
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const cls =
    'inline-flex items-center gap-1.5 rounded-md border bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50 disabled:opacity-50';
  if (on)
    return (
      <button type="button" className={cls} disabled={busy} onClick={() => void turnOff()} aria-pressed="true">
        <BellOff aria-hidden className="h-4 w-4" />
        {t('Stop new-order notifications')}
      </button>
    );
  return (
    <button
      type="button"
      className={cls}
      disabled={busy || denied || here === undefined}
      onClick={() => void turnOn()}
      aria-pressed="false"
      title={denied ? t('Notifications are blocked for this site in the browser’s settings') : undefined}
    >
      <Bell aria-hidden className="h-4 w-4" />
      {t('Notify me of new orders')}
    </button>
  );
}
