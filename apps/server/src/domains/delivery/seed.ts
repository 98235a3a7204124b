import type { DbOrTx } from '../../db/client';
import { deliverySlots, deliveryZones, zonePincodes } from './tables';

interface WarehouseRef {
  id: number;
  name?: string;
  city?: string;
  code?: string;
}

const DAILY_SLOTS = [
  { startTime: '07:00', endTime: '10:00', capacity: 40 },
  { startTime: '10:00', endTime: '13:00', capacity: 40 },
  { startTime: '17:00', endTime: '20:00', capacity: 30 },
];

/**
 * Demo delivery (DESIGN §8): Bengaluru 560001/560034 (COD up to ₹5000), Mumbai 400001 (no COD),
 * Delhi 110001 (COD); 999999 is served by nobody. Each zone: ₹30, free from ₹499, next-day slots.
 * Warehouses are matched by city (then name/code), falling back to the first one.
 */
export async function seedDelivery(db: DbOrTx, { websiteId, warehouses }: { websiteId: number; warehouses: WarehouseRef[] }) {
  if (warehouses.length === 0) return;
  const pick = (city: string, index: number) =>
    warehouses.find((w) => [w.city, w.name, w.code].some((v) => v?.toLowerCase().includes(city.toLowerCase()))) ??
    warehouses[index] ??
    warehouses[0]!;
  const zones = [
    { name: 'Bengaluru', warehouseId: pick('bengaluru', 0).id, codAllowed: true, codMax: 500_000, pincodes: ['560001', '560034'] },
    { name: 'Mumbai', warehouseId: pick('mumbai', 1).id, codAllowed: false, codMax: null, pincodes: ['400001'] },
    { name: 'Delhi', warehouseId: pick('delhi', 2).id, codAllowed: true, codMax: null, pincodes: ['110001'] },
  ];
  for (const z of zones) {
    const [zone] = await db
      .insert(deliveryZones)
      .values({
        websiteId,
        name: z.name,
        warehouseId: z.warehouseId,
        deliveryCharge: 3000,
        freeAbove: 49_900,
        codAllowed: z.codAllowed,
        codMax: z.codMax,
        leadDays: 1,
      })
      .returning();
    await db.insert(zonePincodes).values(z.pincodes.map((pincode) => ({ websiteId, pincode, zoneId: zone!.id })));
    await db.insert(deliverySlots).values(DAILY_SLOTS.map((s) => ({ websiteId, zoneId: zone!.id, ...s })));
  }
}
