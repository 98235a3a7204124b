/**
 * A message's key in the compiled catalogues: the FNV-1a hash of its English id in base 36, a few
 * characters where the id is a sentence (catalogue.ts refuses two messages with one key).
 */
export function keyOf(id: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}
