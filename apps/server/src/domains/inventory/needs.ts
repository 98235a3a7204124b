import type { Db } from '../../db/client';
import type { auditActor, recordAudit } from '../audit';
import type { packNamed, packNamesSubquery } from '../catalogue';
import type { usersByIds } from '../identity';
import type { committedUnits } from '../orders';

export type { AuditActor } from '../audit';

/**
 * What inventory uses from other modules, given to `createInventory` by app.ts (issue 41 §1). The
 * inventory's files import no other module at run time, so the modules that use the inventory
 * (orders, the audit's labels, the catalogue) can be imported by it without a circle.
 */
export interface InventoryNeeds {
  /** audit: records staff writes in the caller's transaction */
  recordAudit: typeof recordAudit;
  /** audit: the actor of a staff call */
  auditActor: typeof auditActor;
  /** catalogue: one of the website's packs with its product's name (404 when not the website's) */
  packNamed: typeof packNamed;
  /** catalogue: the website's packs with their product names, to join */
  packNamesSubquery: typeof packNamesSubquery;
  /** identity: staff names for the stock history */
  usersByIds: typeof usersByIds;
  /** orders: units held by open orders (on hand = available + committed) */
  committedUnits: typeof committedUnits;
}

/** The database and the needs: what the inventory's staff services and routes run on. */
export interface InventoryContext extends InventoryNeeds {
  db: Db;
}
