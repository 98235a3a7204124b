/**
 * Generated demo artwork (no network): flat SVG illustrations the media route rasterises and
 * resizes. Each is deterministic for its inputs so the demo is stable across seeds.
 */

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function lighten(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  const r = mix(n >> 16),
    g = mix((n >> 8) & 255),
    b = mix(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

const SHAPES: Record<string, (c: string) => string> = {
  sack: (c) =>
    `<path d="M300 170 q100 -40 200 0 l40 300 q-140 50 -280 0 z" fill="${c}"/><path d="M300 170 q100 30 200 0" stroke="#fff" stroke-width="6" fill="none" opacity=".6"/>`,
  bottle: (c) =>
    `<rect x="370" y="130" width="60" height="50" rx="10" fill="${c}"/><rect x="320" y="175" width="160" height="300" rx="40" fill="${c}"/>`,
  box: (c) =>
    `<rect x="290" y="160" width="220" height="300" rx="16" fill="${c}"/><rect x="290" y="160" width="220" height="60" rx="16" fill="#fff" opacity=".25"/>`,
  jar: (c) =>
    `<rect x="320" y="150" width="160" height="40" rx="8" fill="${c}"/><rect x="300" y="185" width="200" height="280" rx="50" fill="${c}"/>`,
  leaf: (c) =>
    `<ellipse cx="400" cy="310" rx="150" ry="130" fill="${c}"/><path d="M400 190 v240" stroke="#fff" stroke-width="6" opacity=".5"/>`,
  tube: (c) => `<path d="M330 150 h140 l-20 320 h-100 z" fill="${c}"/><rect x="360" y="460" width="80" height="30" rx="6" fill="${c}"/>`,
};

/** 800×600 product shot: tinted background, a package shape, label with the product name. */
export function productSvg(opts: { name: string; brand: string; colour: string; shape: string }): string {
  const bg = lighten(opts.colour, 0.85);
  const shape = (SHAPES[opts.shape] ?? SHAPES.box!)(opts.colour);
  const words = opts.name.split(' ');
  const lines: string[] = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last && (last + ' ' + w).length <= 14) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  const label = lines
    .slice(0, 3)
    .map(
      (l, i) => `<text x="400" y="${300 + i * 30}" font-size="24" font-weight="700" text-anchor="middle" fill="#1f2937">${esc(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" font-family="Inter, DejaVu Sans, Arial, sans-serif" width="800" height="600" viewBox="0 0 800 600">
<rect width="800" height="600" fill="${bg}"/><circle cx="660" cy="110" r="70" fill="${lighten(opts.colour, 0.6)}"/>
${shape}<rect x="310" y="255" width="180" height="${30 + Math.min(lines.length, 3) * 30}" rx="10" fill="#fff" opacity=".92"/>${label}
<text x="400" y="560" font-size="26" text-anchor="middle" fill="${opts.colour}" font-weight="600">${esc(opts.brand)}</text></svg>`;
}

/**
 * Square avatar for a category or a logo tile for a brand. `caption: false` leaves the name out
 * (tiles print it under the image, so it is never printed twice).
 */
export function badgeSvg(opts: { text: string; colour: string; size?: number; caption?: boolean }): string {
  const size = opts.size ?? 400;
  const initials = opts.text
    .split(/[\s&,]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" font-family="Inter, DejaVu Sans, Arial, sans-serif" width="${size}" height="${size}" viewBox="0 0 400 400">
<rect width="400" height="400" rx="60" fill="${lighten(opts.colour, 0.8)}"/>${
    opts.caption === false
      ? `<circle cx="200" cy="200" r="120" fill="${opts.colour}"/>
<text x="200" y="236" font-size="96" font-weight="800" text-anchor="middle" fill="#fff">${esc(initials)}</text></svg>`
      : `<circle cx="200" cy="170" r="100" fill="${opts.colour}"/>
<text x="200" y="200" font-size="80" font-weight="800" text-anchor="middle" fill="#fff">${esc(initials)}</text>
<text x="200" y="340" font-size="34" font-weight="600" text-anchor="middle" fill="#1f2937">${esc(opts.text.length > 18 ? opts.text.slice(0, 17) + '…' : opts.text)}</text></svg>`
  }`;
}

/** A hero banner: wide (1600×600) for large screens, 800×600 for small ones. */
/** A banner's artwork; `words: false` leaves its words out (a hero slide lays its own, translatable, over it). */
export function bannerSvg(opts: { title: string; subtitle: string; colour: string; wide: boolean; words?: boolean }): string {
  const w = opts.wide ? 1600 : 800;
  const x = opts.wide ? 120 : 60;
  if (opts.words === false)
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="600" viewBox="0 0 ${w} 600">
<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${opts.colour}"/><stop offset="1" stop-color="${lighten(opts.colour, 0.35)}"/></linearGradient></defs>
<rect width="${w}" height="600" fill="url(#g)"/><circle cx="${w - 220}" cy="300" r="200" fill="#fff" opacity=".15"/><circle cx="${w - 120}" cy="120" r="90" fill="#fff" opacity=".12"/></svg>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" font-family="Inter, DejaVu Sans, Arial, sans-serif" width="${w}" height="600" viewBox="0 0 ${w} 600">
<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${opts.colour}"/><stop offset="1" stop-color="${lighten(opts.colour, 0.35)}"/></linearGradient></defs>
<rect width="${w}" height="600" fill="url(#g)"/><circle cx="${w - 220}" cy="300" r="200" fill="#fff" opacity=".15"/><circle cx="${w - 120}" cy="120" r="90" fill="#fff" opacity=".12"/>
<text x="${x}" y="260" font-size="${opts.wide ? 84 : 44}" font-weight="800" fill="#fff">${esc(opts.title)}</text>
<text x="${x}" y="340" font-size="${opts.wide ? 40 : 26}" fill="#fff" opacity=".92">${esc(opts.subtitle)}</text>
<rect x="${x}" y="390" width="240" height="70" rx="35" fill="#fff"/><text x="${x + 120}" y="436" font-size="28" font-weight="700" text-anchor="middle" fill="${opts.colour}">Shop now</text></svg>`;
}

export const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" font-family="Inter, DejaVu Sans, Arial, sans-serif" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="#f3f4f6"/><path d="M330 250h140v100H330z" fill="none" stroke="#9ca3af" stroke-width="10"/><circle cx="370" cy="285" r="14" fill="#9ca3af"/><path d="M340 340l40-40 30 30 20-20 30 30" fill="none" stroke="#9ca3af" stroke-width="10"/></svg>`;
