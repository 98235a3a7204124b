import { api } from '../../lib/api';

/** POST /s/api/products/notify: one email (and SMS where configured) when the pack is back at this warehouse. */
export const askRestockAlert = (pack: { pack_id: number; warehouse_id: number }) =>
  api('/api/products/notify', { method: 'POST', body: { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id } });
