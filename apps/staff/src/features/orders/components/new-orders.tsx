import { formatINR } from '@grocer/shared/money';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../lib/paths';
import { useNewOrders } from '../api/new-orders';
import { t } from '../../../lib/i18n';

/** A short two-tone chime made on the spot (no sound file to load); silent where the browser has not allowed sound yet. */
function chime() {
  try {
    const ctx = new AudioContext();
    const at = ctx.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, at + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.2, at + i * 0.18 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + i * 0.18 + 0.3);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at + i * 0.18);
      osc.stop(at + i * 0.18 + 0.32);
    }
    setTimeout(() => void ctx.close(), 1000);
  } catch {
    // no audio here: the badge and the toast still tell
  }
}

/**
 * New orders while Administration is open (issue 40.17): how many wait to be confirmed (for the
 * Orders badge), and when one arrives a chime, a toast that opens it, and the count in the tab's title.
 */
export function useNewOrderAlerts(enabled: boolean): number {
  const { data } = useNewOrders(enabled);
  const navigate = useNavigate();
  const seen = useRef<Set<string> | null>(null);
  const total = data?.meta.total ?? 0;

  useEffect(() => {
    if (!data) return;
    const ids = new Set(data.data.map((o) => o.id));
    // the first answer is what was already waiting: only orders after it are news
    if (seen.current) {
      const fresh = data.data.filter((o) => !seen.current!.has(o.id));
      if (fresh.length) {
        chime();
        for (const o of fresh)
          toast.info(
            t('New order {ordernumber} from {customer} · {total}', {
              ordernumber: o.ordernumber,
              customer: o.customer,
              total: formatINR(o.total),
            }),
            {
              action: { label: t('Open'), onClick: () => navigate(paths.order(o.id)) },
              duration: 15_000,
            },
          );
      }
    }
    seen.current = new Set([...(seen.current ?? []), ...ids]);
  }, [data, navigate]);

  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = total > 0 ? `(${total}) ${base}` : base;
  }, [total]);
  return total;
}
