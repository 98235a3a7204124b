import type { Cart } from '@grocer/shared/cart';

/** A valid cart line for component tests (one 1 kg Toor Dal at ₹150), with what a test changes. */
export const cartLine = (over: Partial<Cart['items'][number]> = {}): Cart['items'][number] => ({
  pack_id: 7,
  image: '',
  name: 'Toor Dal',
  pack: '1 kg',
  quantity: 1,
  price: 150,
  act_price: 150,
  amount: 150,
  valid: true,
  message: null,
  warehouse_id: 1,
  delivery_charge_id: null,
  del_date: null,
  del_start_time: null,
  del_end_time: null,
  ...over,
});
