/**
 * Extracts the staff app's messages (`t('…')`, `msg('…')` in apps/staff/src) into
 * src/locales/en/messages.json, the list of messages a translator starts from (English is said from
 * the ids: src/lib/i18n.ts). `src/locales/messages.test.ts` fails when the file is stale.
 * Usage: npm run i18n -w @grocer/staff
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { staffMessages } from '../src/locales/messages';

const src = path.join(import.meta.dirname, '..', 'src');
const ids = staffMessages(src);
writeFileSync(
  path.join(src, 'locales', 'en', 'messages.json'),
  `${JSON.stringify(Object.fromEntries(ids.map((id) => [id, id])), null, 2)}\n`,
);
console.log(`en: ${ids.length} messages`);
