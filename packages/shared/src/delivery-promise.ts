import { shopDayOf } from './shop-time';

// The delivery promise shoppers of Indian grocery apps expect everywhere ("Tomorrow 7:00 AM – 10:00 AM"):
// the earliest slot with a place left for the shopper's pincode. Pure and zod-free (the header is
// on every page's first load).

export interface EarliestSlot {
  /** the shop's date, YYYY-MM-DD */
  date: string;
  /** HH:MM, 24-hour */
  start_time: string;
  end_time: string;
}

/** Today's date in India (one time zone, no daylight saving), YYYY-MM-DD. */
export const indiaToday = (now = Date.now()): string => shopDayOf(now);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '07:00' → '7:00 AM', '13:30' → '1:30 PM': the spec's 'h:mm A' (§9). */
export function clockTime(t: string): string {
  const [h = 0, m = 0] = t.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h >= 12 ? 'PM' : 'AM'}`;
}

/** A slot's window: '7:00 AM – 10:00 AM'. */
export const slotWindow = (start: string, end: string): string => `${clockTime(start)} – ${clockTime(end)}`;

/** A shop date 'YYYY-MM-DD' in the spec's 'MMM D, YYYY' (§9): 'Nov 29, 2026'. */
export function shopDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}, ${y}`;
}

/**
 * A delivery slot the one way the shop writes it everywhere: 'Nov 29, 2026 · 7:00 AM – 10:00 AM',
 * or, given today's date, its relative form for today and tomorrow: 'Tomorrow 7:00 AM – 10:00 AM'.
 */
export function slotLabel(slot: EarliestSlot, today?: string): string {
  const day = shopDay(slot.date, today);
  const window = slotWindow(slot.start_time, slot.end_time);
  return day === 'Today' || day === 'Tomorrow' ? `${day} ${window}` : `${day} · ${window}`;
}

/** 'Today', 'Tomorrow' (given today's date) or 'Nov 29, 2026'. */
export function shopDay(date: string, today?: string): string {
  const days = today ? Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000) : null;
  return days === 0 ? 'Today' : days === 1 ? 'Tomorrow' : shopDate(date);
}

/** 'Today 6:00 PM – 9:00 PM', 'Tomorrow 7:00 AM – 10:00 AM', or 'Nov 26, 2026 · 11:00 AM – 2:00 PM' later. */
export const deliveryPromise = (slot: EarliestSlot, today: string): string => slotLabel(slot, today);
