/**
 * "Add an item" on a draft or an order being changed: the search is emptied once the pack picked
 * is added, but a search typed while it was being added stays (the next item's).
 */
import type { PosCounterPack } from '@grocer/shared/pos';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PackSearch } from './components/pack-search';

const pack = (pack_id: number, product: string): PosCounterPack => ({
  pack_id,
  product,
  pack: '1 kg',
  sku: `SKU${pack_id}`,
  barcode: '',
  price: 149,
  sold_by_weight: false,
  plu: '',
  gst_rate: 5,
  available: 12,
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const q = new URL(String(url), 'http://shop.test').searchParams.get('q') ?? '';
      const data = q === 'rice' ? [pack(1, 'Basmati Rice')] : q === 'dal' ? [pack(2, 'Toor Dal')] : [];
      return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function search() {
  const picked: Array<{ pack: PosCounterPack; clear: () => void }> = [];
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PackSearch id="add" warehouseId={1} placeholder="Name, SKU or barcode" onPick={(p, clear) => picked.push({ pack: p, clear })} />
    </QueryClientProvider>,
  );
  const box = screen.getByLabelText('Add an item') as HTMLInputElement;
  return { picked, box };
}

describe('adding an item by search', () => {
  it('empties the search once the pack is added', async () => {
    const { picked, box } = search();
    fireEvent.change(box, { target: { value: 'rice' } });
    fireEvent.click(await screen.findByRole('button', { name: /Add Basmati Rice · 1 kg/ }));
    expect(picked.map((p) => p.pack.pack_id)).toEqual([1]);
    act(() => picked[0]!.clear());
    expect(box.value).toBe('');
  });

  it('keeps a search typed while the pack was being added', async () => {
    const { picked, box } = search();
    fireEvent.change(box, { target: { value: 'rice' } });
    fireEvent.click(await screen.findByRole('button', { name: /Add Basmati Rice · 1 kg/ }));
    // the next item typed before the first is in
    fireEvent.change(box, { target: { value: 'dal' } });
    act(() => picked[0]!.clear());
    expect(box.value).toBe('dal');
    await screen.findByRole('button', { name: /Add Toor Dal · 1 kg/ });
  });
});
