/**
 * Hero settings (spec §3: JSON text with aspect classes sm/md/lg, bgcolor, fullpage) and banner
 * slides, read without zod so the storefront's first-load bundle stays small.
 */
export interface HeroSettings {
  aspect: { sm?: string; md?: string; lg?: string };
  bgcolor?: string;
  fullpage?: boolean;
}
export interface BannerSlide {
  image: string;
  image_sm: string;
  link: string;
}
export interface SupplierItem {
  image: string;
  title?: string;
  link: string;
  border?: boolean;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export function parseHeroSettings(raw: unknown): HeroSettings {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      value = {};
    }
  }
  const v = record(value);
  const a = record(v.aspect);
  return { aspect: { sm: str(a.sm), md: str(a.md), lg: str(a.lg) }, bgcolor: str(v.bgcolor), fullpage: v.fullpage === true };
}

export function readSlides(data: unknown): BannerSlide[] {
  const slides = record(data).slides;
  return Array.isArray(slides) ? slides.map(record).filter((s) => str(s.image)).map((s) => ({ image: s.image as string, image_sm: str(s.image_sm) ?? '', link: str(s.link) ?? '' })) : [];
}

export function readSupplierItems(data: unknown): SupplierItem[] {
  const items = record(data).items;
  return Array.isArray(items) ? items.map(record).filter((s) => str(s.image)).map((s) => ({ image: s.image as string, title: str(s.title), link: str(s.link) ?? '', border: s.border === true })) : [];
}
