const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the browser's `datetime-local` value (the person's own clock); '' for none. */
export const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** A `datetime-local` value back to an instant; null when empty, the text itself when unreadable (the schema refuses it at its field). */
export const fromLocalInput = (v: string) => {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
};
