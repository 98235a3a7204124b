import { MAX_CATEGORY_DEPTH, type AdminCategory } from '@grocer/shared/admin-catalogue-edit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flatten, height, move, place, subtree, type Arrangement, type FlatCategory } from './tree';

const cat = (id: number, parent_id: number | null, position: number): AdminCategory => ({
  id,
  parent_id,
  name: `C${id}`,
  slug: `c${id}`,
  avatar: '',
  position,
  version: 1,
  products: 0,
});

/**
 * A category tree at most MAX_CATEGORY_DEPTH levels deep, in any order the server may list it:
 * each new category goes under one already made (or at the top) whose level leaves room.
 */
const forest = fc.array(fc.tuple(fc.nat(), fc.nat(5)), { minLength: 1, maxLength: 14 }).chain((specs) => {
  const list: AdminCategory[] = [];
  const depth = new Map<number, number>();
  specs.forEach(([pick, position], i) => {
    const id = i + 1;
    const roomy = list.filter((c) => depth.get(c.id)! < MAX_CATEGORY_DEPTH - 1);
    const parent = pick % (roomy.length + 1) === 0 ? null : roomy[(pick % (roomy.length + 1)) - 1]!.id;
    depth.set(id, parent === null ? 0 : depth.get(parent)! + 1);
    list.push(cat(id, parent, position));
  });
  return fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length });
});

/** What the server does with an `arrange` call: the parent's children become `ids`, in order. */
function arrange(flat: FlatCategory[], a: Arrangement): AdminCategory[] {
  return flat.map(({ depth: _depth, ...c }) => {
    const at = a.ids.indexOf(c.id);
    return at >= 0 ? { ...c, parent_id: a.parent_id, position: at } : c;
  });
}

/** The invariants of a drawn tree: reading order (a parent before its children), depths, the limit. */
function expectTree(flat: FlatCategory[], count: number) {
  expect(flat).toHaveLength(count);
  const seen = new Map<number, FlatCategory>();
  for (const c of flat) {
    if (c.parent_id === null) expect(c.depth).toBe(0);
    else expect(c.depth).toBe(seen.get(c.parent_id)!.depth + 1);
    expect(c.depth).toBeLessThan(MAX_CATEGORY_DEPTH);
    seen.set(c.id, c);
  }
}

describe('category tree', () => {
  it('flattens any listing into reading order with depths', () => {
    fc.assert(fc.property(forest, (list) => expectTree(flatten(list), list.length)));
  });

  it('orders siblings by position, then id', () => {
    const flat = flatten([cat(3, null, 1), cat(1, null, 1), cat(2, null, 0), cat(4, 1, 0)]);
    expect(flat.map((c) => [c.id, c.depth])).toEqual([
      [2, 0],
      [1, 0],
      [4, 1],
      [3, 0],
    ]);
  });

  it('a placement, applied, is still a tree within the depth limit, with the row where it was put', () => {
    fc.assert(
      fc.property(forest, fc.nat(), fc.nat(), fc.nat(20), (list, pickRow, pickParent, index) => {
        const flat = flatten(list);
        const row = flat[pickRow % flat.length]!;
        const parentPick = pickParent % (flat.length + 1);
        const parent = parentPick === flat.length ? null : flat[parentPick]!.id;
        const a = place(flat, row.id, parent, index);
        const under = parent === null ? 0 : flat.find((c) => c.id === parent)!.depth + 1;
        const refused = (parent !== null && subtree(flat, row.id).has(parent)) || under + height(flat, row.id) > MAX_CATEGORY_DEPTH;
        if (refused) {
          // into itself, or too deep
          expect(a).toBeNull();
          return;
        }
        expect(a).not.toBeNull();
        const others = flat.filter((c) => c.parent_id === parent && c.id !== row.id).map((c) => c.id);
        expect(a!.ids.filter((id) => id !== row.id)).toEqual(others);
        expect(a!.ids.indexOf(row.id)).toBe(Math.min(index, others.length));
        const after = flatten(arrange(flat, a!));
        expectTree(after, list.length);
        expect(after.find((c) => c.id === row.id)!.parent_id).toBe(parent);
        // the row's own subtree travels with it
        expect(subtree(after, row.id)).toEqual(subtree(flat, row.id));
      }),
    );
  });

  it('refuses a move into its own subtree and past the depth limit', () => {
    const flat = flatten([cat(1, null, 0), cat(2, 1, 0), cat(3, 2, 0), cat(4, null, 1), cat(5, 4, 0)]);
    expect(place(flat, 1, 3, 0)).toBeNull();
    expect(place(flat, 1, 1, 0)).toBeNull();
    expect(place(flat, 4, 2, 0)).toBeNull(); // 4 has a child: 3 levels under level 1
    expect(place(flat, 5, 1, 9)).toEqual({ parent_id: 1, ids: [2, 5] });
  });

  it('keyboard moves: up then down (and in then out) put a row back', () => {
    fc.assert(
      fc.property(forest, fc.nat(), fc.constantFrom('up', 'in'), (list, pick, how) => {
        const flat = flatten(list);
        const row = flat[pick % flat.length]!;
        const a = move(flat, row.id, how);
        if (!a) return;
        const after = flatten(arrange(flat, a));
        expectTree(after, list.length);
        const b = move(after, row.id, how === 'up' ? 'down' : 'out');
        expect(b).not.toBeNull();
        const back = flatten(arrange(after, b!));
        expect(back.map((c) => [c.id, c.parent_id, c.depth])).toEqual(flat.map((c) => [c.id, c.parent_id, c.depth]));
      }),
    );
  });

  it('refuses moves past the ends', () => {
    const flat = flatten([cat(1, null, 0), cat(2, null, 1), cat(3, 2, 0)]);
    expect(move(flat, 1, 'up')).toBeNull();
    expect(move(flat, 2, 'down')).toBeNull();
    expect(move(flat, 1, 'in')).toBeNull();
    expect(move(flat, 1, 'out')).toBeNull();
    expect(move(flat, 3, 'out')).toEqual({ parent_id: null, ids: [1, 2, 3] });
    expect(move(flat, 2, 'in')).toEqual({ parent_id: 1, ids: [2] });
  });
});
