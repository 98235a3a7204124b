// Writes .br and .gz beside every built JS, CSS and SVG asset; the server sends them to clients
// that accept them (@fastify/static preCompressed), so nothing is compressed per request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The web app's assets, or the folder given (the staff app's build uses this script too).
const dir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(import.meta.dirname, '..', 'dist', 'assets');
let files = 0;
for (const name of readdirSync(dir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(dir, name);
  const body = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  files++;
}
console.log(`precompressed ${files} assets`);
