import { TOAST_COLORS } from '@grocer/shared/toast-colors';
import { useEffect, useState } from 'react';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';
import { whenIdle } from './telemetry/page-meta';

/**
 * Toasts (sonner) without sonner on the first load: about 7 KB gzip that no page needs before a
 * shopper does something (DESIGN §9 budget). `toast.*` takes sonner's arguments; the first call,
 * or the shopper's first interaction or idle moment (`whenIdle`), loads sonner, `<Toasts/>` then
 * mounts its `<Toaster/>`, and a toast asked for meanwhile is shown as soon as it listens.
 */
type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | undefined;
let mountToaster: (s: Sonner) => void = () => {};
let listening: () => void = () => {};
const toasterListens = new Promise<void>((resolve) => (listening = resolve));

function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  void sonner.then((s) => mountToaster(s));
  return sonner;
}

type Level = 'success' | 'error' | 'info' | 'warning';
const show =
  (level: Level) =>
  (message: string, options?: ExternalToast): void =>
    void loadSonner().then(async (s) => {
      await toasterListens;
      s.toast[level](message, options);
    });

export const toast = { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') };

/** Where toasts appear (once, in the shell): nothing until sonner is loaded. */
export function Toasts() {
  const [loaded, setLoaded] = useState<Sonner | null>(null);
  useEffect(() => {
    mountToaster = setLoaded;
    if (sonner) loadSonner();
    else whenIdle(() => void loadSonner());
    return () => void (mountToaster = () => {});
  }, []);
  // The Toaster subscribes in its own effect, which runs before this one (children first).
  useEffect(() => void (loaded && listening()), [loaded]);
  if (!loaded) return null;
  const { Toaster } = loaded;
  return <Toaster position="top-center" duration={5000} richColors closeButton style={TOAST_COLORS} />;
}
