/**
 * Drops entries from a tar archive held in memory (ustar, as PGlite's `dumpDataDir` writes it; GNU
 * long names and pax headers travel with the entry they describe). PGlite tars its whole data
 * directory, and the media folder's default place is inside it (DATA_DIR/media): a database backup
 * must not carry the images (backed up on their own) nor their resized cache.
 */
export function withoutEntries(tar: Uint8Array, drop: (name: string) => boolean): Buffer {
  const kept: Uint8Array[] = [];
  let pending: Uint8Array[] = []; // long-name/pax blocks waiting for their entry
  let longName: string | null = null;
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break; // end of archive
    const size = parseInt(text(header, 124, 12).trim() || '0', 8);
    const blocks = 512 + Math.ceil(size / 512) * 512;
    const whole = tar.subarray(offset, offset + blocks);
    const type = String.fromCharCode(header[156]!);
    offset += blocks;
    if (type === 'L' || type === 'x' || type === 'g') {
      if (type === 'L') longName = text(whole, 512, size);
      if (type === 'x') longName = /\d+ path=([^\n]*)\n/.exec(text(whole, 512, size))?.[1] ?? longName;
      pending.push(whole);
      continue;
    }
    const prefix = text(header, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
    if (!drop(name.replace(/^\.?\/+/, ''))) kept.push(...pending, whole);
    pending = [];
    longName = null;
  }
  kept.push(new Uint8Array(1024)); // two zero blocks end an archive
  return Buffer.concat(kept);
}

function text(block: Uint8Array, at: number, length: number): string {
  const bytes = block.subarray(at, at + length);
  const end = bytes.indexOf(0);
  return Buffer.from(end === -1 ? bytes : bytes.subarray(0, end)).toString('utf8');
}
