import { formatDate } from '@grocer/shared/format';
import { t } from '../../lib/i18n';

/** Something shoppers get between two optional instants while it is active (a promotion, a coupon). */
interface Scheduled {
  active: boolean;
  startsAt: string | null;
  endsAt: string | null;
}

export interface ScheduleState {
  label: string;
  tone: string;
}

export const ACTIVE_STATE: ScheduleState = { label: t('Active'), tone: 'bg-teal-50 text-teal-800' };

/**
 * Paused, past its end (`endedLabel`: "Ended", "Expired") or not yet started; null when it is live
 * by its schedule, so the caller may add its own states before Active.
 */
export function scheduleState(s: Scheduled, endedLabel: string, now = Date.now()): ScheduleState | null {
  if (!s.active) return { label: t('Paused'), tone: 'bg-gray-100 text-gray-700' };
  if (s.endsAt && Date.parse(s.endsAt) <= now) return { label: endedLabel, tone: 'bg-red-50 text-red-800' };
  if (s.startsAt && Date.parse(s.startsAt) > now) return { label: t('Scheduled'), tone: 'bg-blue-50 text-blue-800' };
  return null;
}

/** When it is valid, in words: "Always", "From 1 Dec 2026", "Until …" or "… – …". */
export function validity(s: Pick<Scheduled, 'startsAt' | 'endsAt'>) {
  if (!s.startsAt && !s.endsAt) return 'Always';
  if (!s.endsAt) return `From ${formatDate(s.startsAt!)}`;
  if (!s.startsAt) return `Until ${formatDate(s.endsAt)}`;
  return `${formatDate(s.startsAt)} – ${formatDate(s.endsAt)}`;
}

export function StateBadge({ state }: { state: ScheduleState }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-medium ${state.tone}`}>{state.label}</span>;
}

/** Pause or Resume one row; `name` completes its accessible name ("Pause WELCOME10"). */
export function PauseButton({
  active,
  name,
  onClick,
  disabled,
}: {
  active: boolean;
  name: string;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="rounded-md border px-3 py-1 text-xs font-medium hover:bg-gray-50 disabled:opacity-50"
    >
      {active ? t('Pause') : t('Resume')}
      <span className="sr-only"> {name}</span>
    </button>
  );
}
