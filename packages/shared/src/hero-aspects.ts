// Zod-free: the storefront's hero reads these on its first load (packages/blocks), where the
// block schemas of ./blocks would bring zod (25 KB) with them.

/**
 * The hero's shapes in the owner's words (issue 40.13: no "aspect-[4/3]" to type); the value
 * stored is the spec's aspect class (§3 hero settings), read back as a ratio by `aspectRatioOf`.
 */
export const HERO_ASPECTS = [
  { label: 'Wide strip (3:1)', value: 'aspect-[3/1]' },
  { label: 'Wide banner (8:3)', value: 'aspect-[8/3]' },
  { label: 'Landscape (16:9)', value: 'aspect-video' },
  { label: 'Photo (4:3)', value: 'aspect-[4/3]' },
  { label: 'Square (1:1)', value: 'aspect-square' },
  { label: 'Portrait (3:4)', value: 'aspect-[3/4]' },
] as const;

/** An aspect class as a CSS ratio ('aspect-[4/3]' → '4/3', 'aspect-square' → '1/1'); undefined when it is not one. */
export function aspectRatioOf(cls: string | undefined): string | undefined {
  if (!cls) return undefined;
  if (cls === 'aspect-square') return '1/1';
  if (cls === 'aspect-video') return '16/9';
  const m = /^aspect-\[(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)\]$/.exec(cls.trim());
  return m ? `${m[1]}/${m[2]}` : undefined;
}
