import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// One owner per table (DESIGN §3). eslint.config.js keeps other domains' `tables.ts` out of a
// domain's imports; this test covers what lint cannot see: table names inside raw SQL, and
// writes through the documented read-only joins.
const src = path.dirname(fileURLToPath(import.meta.url));
const domainsDir = path.join(src, 'domains');
const domains = readdirSync(domainsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Each table's SQL name and drizzle export, with the domain whose tables.ts declares it. */
const tables = domains.flatMap((domain) => {
  const file = path.join(domainsDir, domain, 'tables.ts');
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map((m) => ({ domain, variable: m[1]!, name: m[2]! }));
});

/** The server's own code, as `{ file, owner }`: a domain's files, and the request pipeline. */
function codeFiles(): Array<{ file: string; owner: string }> {
  const out: Array<{ file: string; owner: string }> = [];
  const walk = (dir: string, owner: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p, owner);
      else if (/\.ts$/.test(e.name) && !/\.test\.ts$|test-fixture\.ts$|^tables\.ts$/.test(e.name)) out.push({ file: p, owner });
    }
  };
  for (const d of domains) walk(path.join(domainsDir, d), d);
  walk(path.join(src, 'http'), 'http');
  return out;
}

const where = (file: string) => path.relative(src, file);

describe('table ownership', () => {
  it('finds the tables of every domain', () => {
    expect(tables.length).toBeGreaterThan(30);
    expect(tables.find((t) => t.name === 'stock')?.domain).toBe('inventory');
    expect(tables.find((t) => t.name === 'payments')?.domain).toBe('payments');
  });

  it("no raw SQL names another domain's table", () => {
    const found: string[] = [];
    for (const { file, owner } of codeFiles()) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/sql(?:<[^`]*?>)?`([^`]*)`/g)) {
        for (const t of tables) {
          if (t.domain !== owner && new RegExp(`\\b(from|join|into|update)\\s+"?${t.name}\\b`, 'i').test(m[1]!))
            found.push(`${where(file)}: ${t.name} (owned by ${t.domain})`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it("no code writes another domain's table", () => {
    const found: string[] = [];
    for (const { file, owner } of codeFiles()) {
      const text = readFileSync(file, 'utf8');
      for (const t of tables) {
        // the request pipeline keeps the session rows (declared with identity's tables)
        if (t.domain === owner || (owner === 'http' && t.name === 'sessions')) continue;
        if (new RegExp(`\\.(insert|update|delete)\\(\\s*${t.variable}\\s*\\)`).test(text))
          found.push(`${where(file)}: ${t.variable} (owned by ${t.domain})`);
      }
    }
    expect(found).toEqual([]);
  });
});
