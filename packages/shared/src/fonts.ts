/** Site font rule of spec §2: default Inter; the first family of a comma list, quotes stripped. */
export function primaryFontFamily(fontFamily: string | null | undefined): string {
  const first = (fontFamily ?? '').split(',')[0]!.trim().replace(/^['"]+|['"]+$/g, '').trim();
  return first || 'Inter';
}
