import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { primaryFontFamily, themeCss, themeVariables } from './theme';
import { formatDate, formatTime } from './format';
import { resolveBannerLink } from './links';
import { pageWindow, shouldMove } from './pagination';
import { EMAIL_PATTERN, MOBILE_PATTERN, validateField } from './validation';

describe('validation order (spec §5)', () => {
  it('read-only beats everything, custom validator overrides the rest', () => {
    expect(validateField({ readOnly: true, required: true, label: 'Name' }, '')).toBeNull();
    expect(validateField({ required: true, validate: () => 'custom' }, '')).toBe('custom');
    expect(validateField({ required: true, validate: () => null }, '')).toBeNull();
  });
  it('optional empty is valid; required empty names the label or "This field"', () => {
    expect(validateField({ type: 'email', label: 'Email' }, '')).toBeNull();
    expect(validateField({ required: true, label: 'Name' }, '  ')).toBe('Name is required');
    expect(validateField({ required: true }, '')).toBe('This field is required');
    expect(validateField({ required: true, type: 'number', label: 'Qty' }, 0)).toBeNull();
  });
  it('checks email before pattern, and pattern messages', () => {
    expect(validateField({ type: 'email', label: 'Email', pattern: /x/ }, 'nope')).toBe('Email is not a valid email address');
    expect(validateField({ label: 'Mobile', pattern: MOBILE_PATTERN }, '123')).toBe('Mobile is not in valid format');
    expect(validateField({ label: 'Mobile', pattern: MOBILE_PATTERN, patternMessage: 'Enter 10 digits' }, '123')).toBe('Enter 10 digits');
  });
  it('mobile numbers are 10 digits starting 6-9', () => {
    fc.assert(fc.property(fc.constantFrom('6', '7', '8', '9'), fc.stringMatching(/^[0-9]{9}$/), (a, b) => MOBILE_PATTERN.test(a + b)));
    fc.assert(
      fc.property(fc.constantFrom('0', '1', '2', '3', '4', '5'), fc.stringMatching(/^[0-9]{9}$/), (a, b) => !MOBILE_PATTERN.test(a + b)),
    );
    expect(MOBILE_PATTERN.test('98765432101')).toBe(false);
  });
  it('email pattern: top-level label of 2 to 4 letters', () => {
    expect(EMAIL_PATTERN.test('shopper@demo.shop')).toBe(true);
    expect(EMAIL_PATTERN.test('a.b-c_d@mail.co.in')).toBe(true);
    expect(EMAIL_PATTERN.test('x@y.c')).toBe(false);
    expect(EMAIL_PATTERN.test('x@y.store1')).toBe(false);
    expect(EMAIL_PATTERN.test('no at sign')).toBe(false);
  });
});

describe('font family rule', () => {
  it('defaults to Inter and takes the first family without quotes', () => {
    expect(primaryFontFamily('')).toBe('Inter');
    expect(primaryFontFamily(null)).toBe('Inter');
    expect(primaryFontFamily('"Poppins", sans-serif')).toBe('Poppins');
    expect(primaryFontFamily("'Noto Sans', Arial")).toBe('Noto Sans');
  });
});

describe('theme variables', () => {
  it('turns the active theme and font into CSS variables', () => {
    expect(
      themeVariables({ primary: '#0f766e', 'primary-foreground': 'white', muted: 'rgb(243, 244, 246)' }, "'Poppins', sans-serif"),
    ).toEqual([
      ['--color-primary', '#0f766e'],
      ['--color-primary-foreground', 'white'],
      ['--color-muted', 'rgb(243, 244, 246)'],
      ['--font-site', '"Poppins", Inter, "Inter Fallback", ui-sans-serif, system-ui, sans-serif'],
    ]);
    expect(themeCss([['--color-primary', '#123']])).toBe(':root{--color-primary:#123}');
  });

  it('never lets a name or a value escape its declaration, whatever the theme holds', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.string()), fc.string(), (theme, font) => {
        const css = themeCss(themeVariables(theme, font));
        expect(css.startsWith(':root{') && css.endsWith('}')).toBe(true);
        const body = css.slice(6, -1);
        expect(body).not.toMatch(/[{}<>\\]/);
        for (const decl of body.split(';')) expect(decl).toMatch(/^--(color-[a-z][a-z0-9-]*|font-site):[^;{}<>\\]+$/);
      }),
    );
    expect(themeVariables({ primary: 'red;}body{display:none', 'x}{': '#fff' }, '"x"; } </style>')).toEqual([
      ['--font-site', 'Inter, "Inter Fallback", ui-sans-serif, system-ui, sans-serif'],
    ]);
  });
});

describe('banner links', () => {
  it('follows the spec rule', () => {
    expect(resolveBannerLink('/products?c=rice')).toEqual({ kind: 'internal', href: '/products?c=rice' });
    expect(resolveBannerLink('https://x.in')).toEqual({ kind: 'external', href: 'https://x.in' });
    expect(resolveBannerLink('www.x.in')).toEqual({ kind: 'external', href: 'https://www.x.in' });
    expect(resolveBannerLink('javascript:alert(1)')).toEqual({ kind: 'invalid' });
    expect(resolveBannerLink('')).toEqual({ kind: 'invalid' });
  });
});

describe('pagination window', () => {
  it('never shows more than 5 page buttons, always first and last, current included', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (pages, cur) => {
        const current = Math.min(cur, pages);
        const items = pageWindow(current, pages);
        const nums = items.filter((i): i is number => i !== 'gap');
        return (
          nums.length <= 5 &&
          nums[0] === 1 &&
          nums[nums.length - 1] === pages &&
          nums.includes(current) &&
          nums.every((n, i) => i === 0 || n > nums[i - 1]!)
        );
      }),
    );
    expect(pageWindow(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });
  it('ignores out-of-range and current pages', () => {
    expect(shouldMove(2, 2, 5)).toBe(false);
    expect(shouldMove(2, 0, 5)).toBe(false);
    expect(shouldMove(2, 6, 5)).toBe(false);
    expect(shouldMove(2, 3, 5)).toBe(true);
  });
});

describe('dates', () => {
  it('uses the spec formats', () => {
    expect(formatDate('2026-11-22T10:05:00')).toBe('Nov 22, 2026');
    expect(formatTime('2026-11-22T15:05:00')).toBe('3:05 PM');
  });
});
