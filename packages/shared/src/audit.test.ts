import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUDIT_KINDS, auditActionText, auditKind, auditThing, labelFromSnapshot } from './audit';

const entity = fc.oneof(fc.constantFrom(...Object.keys(AUDIT_KINDS)), fc.stringMatching(/^[a-z]{1,10}(_[a-z]{1,10}){0,2}$/));

describe('one label style for every audited record', () => {
  it('reads "Kind · name", or "Kind · #id" without a name', () => {
    expect(auditThing('product', 'Toor Dal', '364')).toBe('Product · Toor Dal');
    expect(auditThing('stock', 'Amul Butter - 500 g at Main warehouse', '738:1')).toBe('Stock · Amul Butter - 500 g at Main warehouse');
    expect(auditThing('order', '#1042', 'a1b2')).toBe('Order · #1042');
    expect(auditThing('order_issue', null, '7')).toBe('Order issue · #7');
    expect(auditThing('search_synonyms', null, '1')).toBe('Search synonyms');
    fc.assert(
      fc.property(entity, fc.option(fc.string({ maxLength: 30 })), fc.stringMatching(/^[0-9a-z:-]{1,12}$/), (e, label, id) => {
        const thing = auditThing(e, label, id);
        expect(thing.startsWith(auditKind(e))).toBe(true);
        expect(/^[A-Z]/.test(auditKind(e))).toBe(true);
        // never a raw "product 364": the kind is a word, the rest its name or "#id"
        const rest = thing.slice(auditKind(e).length);
        expect(rest === '' || rest.startsWith(' · ')).toBe(true);
        if (label?.trim()) expect(rest).toBe(` · ${label.trim()}`);
      }),
    );
  });

  it('names an action in words, never empty', () => {
    expect(auditActionText('product', 'prices')).toBe('Changed price');
    expect(auditActionText('media', 'create')).toBe('Uploaded image');
    expect(auditActionText('delivery_zone', 'remove_pincode')).toBe('Removed pincode');
    expect(auditActionText('x', 'some_new_verb')).toBe('Some new verb');
    fc.assert(
      fc.property(
        entity,
        fc.stringMatching(/^[a-z]{1,10}(_[a-z]{1,10}){0,2}$/),
        fc.anything(),
        fc.anything(),
        (e, action, before, after) => {
          const text = auditActionText(e, action, before, after);
          expect(text.length).toBeGreaterThan(0);
          expect(/^[A-Z]/.test(text)).toBe(true);
        },
      ),
    );
  });

  it('an edit that only added, removed or reordered images says so, by count', () => {
    const img = fc.record({ src: fc.stringMatching(/^[a-z]{1,8}\.webp$/), alt: fc.constant('') });
    fc.assert(
      fc.property(fc.array(img, { maxLength: 4 }), fc.array(img, { minLength: 1, maxLength: 3 }), (kept, added) => {
        const before = { name: 'Dal', images: kept };
        const after = { name: 'Dal', images: [...kept, ...added] };
        expect(auditActionText('product', 'update', before, after)).toBe(added.length === 1 ? 'Added image' : 'Added images');
        expect(auditActionText('product', 'update', after, before)).toBe(added.length === 1 ? 'Removed image' : 'Removed images');
      }),
    );
    const packs = [{ id: 1, name: '1 kg', price: 100, act_price: 120 }];
    expect(auditActionText('product', 'update', { packs }, { packs: [{ ...packs[0], price: 90 }] })).toBe('Changed price');
    expect(auditActionText('product', 'update', { name: 'a', status: 'x' }, { name: 'b', status: 'y' })).toBe('Edited');
  });

  it('takes a record’s name from its snapshot, the new name first', () => {
    expect(labelFromSnapshot({ name: 'Old' }, { name: 'New' })).toBe('New');
    expect(labelFromSnapshot({ name: 'Gone' }, null)).toBe('Gone');
    expect(labelFromSnapshot(null, { code: 'SAVE10' })).toBe('SAVE10');
    expect(labelFromSnapshot(['560001'], '560002')).toBeNull();
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (b, a) => {
        const l = labelFromSnapshot(b, a);
        expect(l === null || (l.length > 0 && l.length <= 200)).toBe(true);
      }),
    );
  });
});
