/**
 * JSX attributes whose string is shown to the person (or read by a screen reader): the staff
 * app's `t()` codemod (wrap-strings.ts) wraps them and eslint.config.js's no-literal-string checks them.
 */
export const WORD_ATTRIBUTES = [
  'label',
  'aria-label',
  'aria-description',
  'title',
  'placeholder',
  'alt',
  'hint',
  'description',
  'confirm',
  'cancel',
  'intro',
  'empty',
  'emptyText',
  'searchLabel',
  'newLabel',
  'noMatch',
  'none',
  'note',
  'totalLabel',
  'heading',
  'subtitle',
  'legend',
  'barcodeHint',
  'print',
  'message',
];
