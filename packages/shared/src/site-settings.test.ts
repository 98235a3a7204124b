import { describe, expect, it } from 'vitest';
import { contrastRatio, LINK_PATTERN, menuItemInputSchema, navigationGroupSchema, themeGroupSchema } from './site-settings';
import { navSettingSchema } from './storefront';

describe('contrastRatio (WCAG 2.x)', () => {
  it('black on white is 21:1, a colour on itself 1:1, short hex allowed, non-hex unknown', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0f766e', '#0f766e')).toBeCloseTo(1, 5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    // the demo's teal passes AA under white text, a light yellow does not
    expect(contrastRatio('#ffffff', '#0f766e')!).toBeGreaterThan(4.5);
    expect(contrastRatio('#ffffff', '#fde047')!).toBeLessThan(4.5);
    expect(contrastRatio('red', '#ffffff')).toBeNull();
  });
});

describe('the settings rules are the storefront’s', () => {
  it('navigation: out-of-range templates and sizes are refused by the same schema the storefront reads', () => {
    const ok = navSettingSchema.parse({ logo_settings: {}, search_setting: {} });
    const { show_navbar: _n, show_sub_navbar: _s, ...group } = ok;
    expect(navigationGroupSchema.safeParse(group).success).toBe(true);
    for (const bad of [{ navbar_template: 6 }, { header_template: 0 }, { navbar_height: 5 }, { nav_alignment: 'left' }]) {
      expect(navigationGroupSchema.safeParse({ ...group, ...bad }).success).toBe(false);
      expect(navSettingSchema.safeParse({ ...ok, ...bad }).success).toBe(false);
    }
  });

  it('theme colours cannot carry CSS; names are lowercase words', () => {
    expect(themeGroupSchema.safeParse({ activetheme: { primary: '#0f766e', 'primary-foreground': 'white' } }).success).toBe(true);
    expect(themeGroupSchema.safeParse({ activetheme: { primary: 'red;}body{x:y' } }).success).toBe(false);
    expect(themeGroupSchema.safeParse({ activetheme: { Primary: '#fff' } }).success).toBe(false);
  });

  it('menu items: spec §5 icon names and banner-link rules, nested', () => {
    const item = {
      group: null,
      name: 'Fresh',
      icon: 'badge-percent',
      show_icon: 1,
      link: '/products?c=fresh',
      value: null,
      slug: null,
      image: null,
      children: [],
    };
    expect(menuItemInputSchema.safeParse(item).success).toBe(true);
    expect(menuItemInputSchema.safeParse({ ...item, children: [{ ...item, icon: 'Badge Percent' }] }).success).toBe(false);
    for (const link of ['/about-us', 'https://example.com/x', 'www.example.com']) expect(LINK_PATTERN.test(link)).toBe(true);
    for (const link of ['javascript:alert(1)', 'about-us', 'ftp://x']) expect(LINK_PATTERN.test(link)).toBe(false);
  });
});
