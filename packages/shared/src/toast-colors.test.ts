import { describe, expect, it } from 'vitest';
import { TOAST_COLORS } from './toast-colors';

// WCAG 2 contrast, as axe measures it
const channel = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const luminance = ([r, g, b]: number[]) => 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
const hex = (c: string) => [1, 3, 5].map((i) => Math.round(parseInt(c.slice(i, i + 2), 16)) / 255);
function hsl(h: number, s: number, l: number) {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round((l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255) / 255;
  };
  return [f(0), f(8), f(4)];
}
const contrast = (a: number[], b: number[]) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
};

// sonner 2's light-theme backgrounds and its own text colours
const TINTS = { success: hsl(143, 85, 96), info: hsl(208, 100, 97), warning: hsl(49, 100, 97), error: hsl(359, 100, 97) };
const SONNER_TEXT = { success: hsl(140, 100, 27), info: hsl(210, 92, 45), warning: hsl(31, 92, 45), error: hsl(360, 100, 45) };

describe('toast colours', () => {
  it('sonner’s own text fails AA on its tints (why these exist)', () => {
    for (const kind of Object.keys(TINTS) as Array<keyof typeof TINTS>)
      expect(contrast(SONNER_TEXT[kind], TINTS[kind]), kind).toBeLessThan(4.5);
  });

  it('each kind’s text reads at 4.5:1 or more on its tint and on white', () => {
    for (const kind of Object.keys(TINTS) as Array<keyof typeof TINTS>) {
      const text = hex(TOAST_COLORS[`--${kind}-text`]!);
      expect(contrast(text, TINTS[kind]), kind).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, [1, 1, 1]), kind).toBeGreaterThanOrEqual(4.5);
    }
  });
});
