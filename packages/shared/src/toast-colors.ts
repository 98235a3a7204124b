/**
 * Sonner's rich colours with text dark enough to read: its own light-theme text on its tinted
 * backgrounds measures 3.1:1 (warning) to 4.4:1, below WCAG AA's 4.5:1 (axe's colour-contrast). Given
 * as the Toaster's `style` (custom properties on its list, which beat sonner's stylesheet), in the
 * storefront, Administration and the POS alike: Tailwind's 800 and 700 shades, 5.9:1 or more on
 * sonner's tints and on white (`toast-colors.test.ts`).
 */
export const TOAST_COLORS: Record<string, string> = {
  '--success-text': '#166534',
  '--info-text': '#1e40af',
  '--warning-text': '#92400e',
  '--error-text': '#b91c1c',
};
