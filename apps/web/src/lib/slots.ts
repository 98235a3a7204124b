import { shopDay, slotLabel, slotWindow, type EarliestSlot } from '@grocer/shared/delivery-promise';
import { language, languageTag, t } from './i18n';

/**
 * A slot's day in the page's language: 'Today', 'Tomorrow' or its date (shared
 * delivery-promise.ts writes the English, which stays exactly as it is). Intl, not the shared
 * date formats: the header draws this on every page, and those bring dayjs into the first load.
 */
export function dayText(date: string, today?: string): string {
  const day = shopDay(date, today);
  if (language() === 'en') return day;
  if (day === 'Today') return t('Today');
  if (day === 'Tomorrow') return t('Tomorrow');
  return new Intl.DateTimeFormat(languageTag(), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** A slot as slotLabel writes it ('Tomorrow 7:00 AM – 10:00 AM'), in the page's language. */
export function slotText(slot: EarliestSlot, today?: string): string {
  if (language() === 'en') return slotLabel(slot, today);
  const day = shopDay(slot.date, today);
  const window = slotWindow(slot.start_time, slot.end_time);
  return day === 'Today' || day === 'Tomorrow' ? `${dayText(slot.date, today)} ${window}` : `${dayText(slot.date, today)} · ${window}`;
}
