import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { extractIds } from '@grocer/shared/i18n';

/**
 * The staff app's message ids, sorted: every `t('…')`/`msg('…')` of its sources under `src` (tests
 * and the i18n module itself aside), read by `scripts/i18n.ts` and `messages.test.ts`. Node only
 * (the build never imports it).
 */
export function staffMessages(src: string): string[] {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
      const file = path.join(dir, d.name);
      if (d.isDirectory()) return d.name === 'test' ? [] : files(file);
      return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) && file !== path.join(src, 'lib', 'i18n.ts') ? [file] : [];
    });
  return [...new Set(files(src).flatMap((f) => extractIds(readFileSync(f, 'utf8'))))].sort();
}
