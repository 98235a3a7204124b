// The delivery promise shoppers of Indian grocery apps expect everywhere ("Tomorrow 7–10 AM"):
// the earliest slot with a place left for the shopper's pincode. Pure and zod-free (the header is
// on every page's first load).

export interface EarliestSlot {
  /** the shop's date, YYYY-MM-DD */
  date: string;
  /** HH:MM, 24-hour */
  start_time: string;
  end_time: string;
}

const IST_OFFSET_MS = 330 * 60_000;
/** Today's date in India (one time zone, no daylight saving), YYYY-MM-DD. */
export const indiaToday = (now = Date.now()): string => new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10);

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '07:00' → { h: 7, m: 0, pm: false } printed '7' (or '7:30'). */
function clock(t: string): { text: string; pm: boolean } {
  const [h = 0, m = 0] = t.split(':').map(Number);
  const pm = h >= 12;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return { text: m ? `${h12}:${String(m).padStart(2, '0')}` : String(h12), pm };
}

/** A window as Indians write it: '7–10 AM', '11 AM–2 PM', '6–9 PM'. */
export function slotWindow(start: string, end: string): string {
  const a = clock(start);
  const b = clock(end);
  return a.pm === b.pm ? `${a.text}–${b.text} ${b.pm ? 'PM' : 'AM'}` : `${a.text} ${a.pm ? 'PM' : 'AM'}–${b.text} ${b.pm ? 'PM' : 'AM'}`;
}

/** 'Today 6–9 PM', 'Tomorrow 7–10 AM', or 'Thu, 26 Nov 7–10 AM' for a later day. */
export function deliveryPromise(slot: EarliestSlot, today: string): string {
  const days = Math.round((Date.parse(`${slot.date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  const d = new Date(`${slot.date}T00:00:00Z`);
  const day = days === 0 ? 'Today' : days === 1 ? 'Tomorrow' : `${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  return `${day} ${slotWindow(slot.start_time, slot.end_time)}`;
}
