import { labelFromSnapshot } from '@grocer/shared/audit';
import type { DbOrTx } from '../../db/client';
import { findPackLabel, productNames } from '../catalogue/service';
import { usersByIds } from '../identity/service';
import { warehouseOf } from '../inventory';
import { orderById } from '../orders/queries';

/**
 * The one place that names an audited record when its caller gives no `label` and its snapshot
 * holds no name (`labelFromSnapshot`): each kind's name read through its owning domain's service,
 * as it is when the change is recorded (inside the change's transaction, so a create is seen).
 * A kind not listed, or a record not found, stays unnamed and reads as "Kind · #id".
 */
type Resolve = (db: DbOrTx, websiteId: number, entityIds: string[]) => Promise<Map<string, string>>;

const ints = (ids: string[]) => [...new Set(ids.filter((id) => /^\d{1,9}$/.test(id)).map(Number))];

const people: Resolve = async (db, _websiteId, ids) =>
  new Map((await usersByIds(db, ints(ids))).map((u) => [String(u.id), u.name] as const));

const byOne =
  (one: (db: DbOrTx, websiteId: number, id: string) => Promise<string | null>): Resolve =>
  async (db, websiteId, ids) => {
    const out = new Map<string, string>();
    for (const id of new Set(ids)) {
      const name = await one(db, websiteId, id);
      if (name) out.set(id, name);
    }
    return out;
  };

const orderNumber = byOne(async (db, websiteId, id) => {
  const o = await orderById(db, id);
  return o && o.websiteId === websiteId ? `#${o.ordernumber}` : null;
});

const RESOLVERS: Record<string, Resolve> = {
  product: async (db, websiteId, ids) =>
    new Map([...(await productNames(db, websiteId, ints(ids)))].map(([id, name]) => [String(id), name] as const)),
  pack: byOne((db, websiteId, id) => (/^\d{1,9}$/.test(id) ? findPackLabel(db, websiteId, Number(id)) : Promise.resolve(null))),
  /** `{packId}:{warehouseId}`: "Amul Butter - 500 g at Main warehouse" */
  stock: byOne(async (db, websiteId, id) => {
    const m = /^(\d{1,9}):(\d{1,9})$/.exec(id);
    if (!m) return null;
    const pack = await findPackLabel(db, websiteId, Number(m[1]));
    const w = await warehouseOf(db, websiteId, Number(m[2]));
    return pack && w ? `${pack} at ${w.name}` : pack;
  }),
  order: orderNumber,
  pos_sale: orderNumber,
  customer: people,
  staff_member: people,
  agent: people,
  agent_customer: people,
};

export interface Unnamed {
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Names for entries without one, in order (null where none is found): the snapshot's name first,
 * then one lookup per kind for the rest (a bulk change of 500 products is one query, not 500).
 */
export async function resolveLabels(db: DbOrTx, websiteId: number, entries: Unnamed[]): Promise<Array<string | null>> {
  const out = entries.map((e) => labelFromSnapshot(e.before, e.after));
  const wanted = new Map<string, string[]>();
  entries.forEach((e, i) => {
    if (out[i] === null && RESOLVERS[e.entity]) wanted.set(e.entity, [...(wanted.get(e.entity) ?? []), e.entityId]);
  });
  for (const [entity, ids] of wanted) {
    const names = await RESOLVERS[entity]!(db, websiteId, ids);
    entries.forEach((e, i) => {
      if (out[i] === null && e.entity === entity) out[i] = names.get(e.entityId) ?? null;
    });
  }
  return out;
}
