import { fireEvent, screen } from '@testing-library/react';

// What the staff forms' component tests read and type, by the label a person sees.

type Within = Pick<typeof screen, 'getByLabelText'>;

/** The input, select or textarea labelled `label` (in `within`, else the whole document). */
export const field = (label: string, within: Within = screen) => within.getByLabelText(label) as HTMLInputElement;

/** Types `value` into the field labelled `label`, as a change event. */
export const type = (label: string, value: string, within: Within = screen) =>
  fireEvent.change(field(label, within), { target: { value } });

/** The error message shown for the field labelled `label` (its aria-describedby), or null when it is not invalid. */
export function errorAt(label: string, within: Within = screen): string | null {
  const input = field(label, within);
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ') || null;
}
