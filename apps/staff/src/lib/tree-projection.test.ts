import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectTreeDrop, type FlatTreeRow } from './tree-projection';

/** A tree drawn flat in reading order: each row is at the top or one level under a row above it. */
const flatTree = fc.array(fc.nat(), { minLength: 1, maxLength: 12 }).map((picks) => {
  const rows: Array<FlatTreeRow<number>> = [];
  picks.forEach((pick, i) => {
    // the open branch at the end: the last row and its ancestors can take a child (or the top level)
    const chain: Array<FlatTreeRow<number>> = [];
    for (let r = rows.at(-1); r; r = rows.find((x) => x.id === r!.parent_id)) chain.push(r);
    const parent = chain[pick % (chain.length + 1)] ?? null;
    rows.push({ id: i + 1, parent_id: parent?.id ?? null, depth: parent ? parent.depth + 1 : 0 });
  });
  return rows;
});

describe('projectTreeDrop (a drag in the category tree and the menus)', () => {
  it('puts the row at a depth its new neighbours allow, under the row that depth names', () => {
    fc.assert(
      fc.property(flatTree, fc.nat(), fc.nat(), fc.integer({ min: -200, max: 200 }), (rows, a, o, offsetX) => {
        const active = rows[a % rows.length]!;
        // the active row's descendants travel with it (the list the drag sees leaves them out)
        const hidden = new Set<number>();
        for (const r of rows) if (r.parent_id !== null && (r.parent_id === active.id || hidden.has(r.parent_id))) hidden.add(r.id);
        const visible = rows.filter((r) => !hidden.has(r.id));
        const over = visible[o % visible.length]!;
        const p = projectTreeDrop(visible, active.id, over.id, offsetX, 28)!;
        expect(p).not.toBeNull();
        const items = visible.filter((r) => r.id !== active.id);
        const to = visible.findIndex((r) => r.id === over.id);
        const before = items.slice(0, to);
        const previous = before.at(-1);
        expect(p.depth).toBeGreaterThanOrEqual(0);
        expect(p.depth).toBeLessThanOrEqual(previous ? previous.depth + 1 : 0);
        if (p.depth === 0) expect(p.parent).toBeNull();
        else {
          const parent = before.find((r) => r.id === p.parent)!;
          expect(parent).toBeDefined();
          expect(parent.depth).toBe(p.depth - 1);
          expect(parent.id).not.toBe(active.id);
          // no row between the parent and the drop is at the parent's level or above (it stays that row's child)
          expect(before.slice(before.indexOf(parent) + 1).every((r) => r.depth > parent.depth)).toBe(true);
        }
        expect(p.index).toBe(before.filter((r) => r.parent_id === p.parent).length);
      }),
    );
  });

  it('follows the drag sideways: right makes a child, left a sibling of the parent', () => {
    const rows = [
      { id: 1, parent_id: null, depth: 0 },
      { id: 2, parent_id: 1, depth: 1 },
      { id: 3, parent_id: null, depth: 0 },
    ];
    expect(projectTreeDrop(rows, 3, 3, 0, 28)).toEqual({ depth: 0, parent: null, index: 1 });
    expect(projectTreeDrop(rows, 3, 3, 28, 28)).toEqual({ depth: 1, parent: 1, index: 1 });
    expect(projectTreeDrop(rows, 3, 3, 56, 28)).toEqual({ depth: 2, parent: 2, index: 0 });
    expect(projectTreeDrop(rows, 3, 3, 999, 28)).toEqual({ depth: 2, parent: 2, index: 0 });
    expect(projectTreeDrop(rows, 2, 2, -28, 28)).toEqual({ depth: 0, parent: null, index: 1 });
    expect(projectTreeDrop(rows, 3, 99, 0, 28)).toBeNull();
  });
});
