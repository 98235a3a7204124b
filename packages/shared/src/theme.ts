/** Site font rule of spec §2: default Inter; the first family of a comma list, quotes stripped. */
export function primaryFontFamily(fontFamily: string | null | undefined): string {
  const first = (fontFamily ?? '')
    .split(',')[0]!
    .trim()
    .replace(/^['"]+|['"]+$/g, '')
    .trim();
  return first || 'Inter';
}

export const THEME_NAME = /^[a-z][a-z0-9-]{0,40}$/;
// Colours as an owner types them: #hex, rgb()/rgba()/hsl()/hsla() with plain numbers, or a named
// colour. Nothing that could close the declaration or the rule (; } < \ quotes).
export const THEME_COLOUR = /^(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/deg]+\)|[a-zA-Z]{3,30})$/;
const FONT_NAME = /^[\p{L}\p{N} _-]{1,60}$/u;

/**
 * The CSS variables of a website's look (spec §2 "On load"): each active theme colour as
 * `--color-{name}` and the site font as `--font-site`. Names and values that are not plainly a
 * name and a colour are left out, so a theme can never inject CSS (the server writes these into
 * the page's <style>, the browser sets them on <html>).
 */
export function themeVariables(activetheme: Record<string, string>, fontFamily: string | null | undefined): Array<[string, string]> {
  const vars: Array<[string, string]> = [];
  for (const [name, colour] of Object.entries(activetheme)) {
    const value = String(colour).trim();
    if (THEME_NAME.test(name) && THEME_COLOUR.test(value)) vars.push([`--color-${name}`, value]);
  }
  const family = primaryFontFamily(fontFamily);
  const own = family !== 'Inter' && FONT_NAME.test(family) ? `"${family}", ` : '';
  vars.push(['--font-site', `${own}Inter, "Inter Fallback", ui-sans-serif, system-ui, sans-serif`]);
  return vars;
}

/** The same variables as a stylesheet rule, for the server-written page head (first paint in the site's colours). */
export function themeCss(vars: Array<[string, string]>): string {
  return `:root{${vars.map(([k, v]) => `${k}:${v}`).join(';')}}`;
}
