import type { Cart } from './cart';

/** The spec §3 cart with nothing in it. */
export const emptyCart = (): Cart => ({
  quantity: 0,
  total: 0,
  amount: 0,
  offercode: null,
  serviceable: true,
  notes: null,
  message: null,
  discount: 0,
  delivery_charge: 0,
  finalDelivery: 0,
  deliveryMessage: null,
  paymentMethods: [],
  items: [],
  grouped_items: [],
  del_date: null,
  del_start_time: null,
  del_end_time: null,
  deliveryInfo: [],
});
