import type { AdminBrand } from '@grocer/shared/admin-catalogue-edit';
import { ApiError } from '@grocer/shared/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorAt, field, type } from '../../../test/fields';
import { apiChecked, toast, resetFormApi } from '../../../test/form-api';

// Catalogue → Brands: the list (the shared data table, its view in the address); a brand added or
// edited in a dialog checked by the shared contract (adminBrandInputSchema) at each field before
// sending, a server 422 at its field; delete asked in the one confirm dialog.

const { BrandList } = await import('./brand-list');

const kaveri: AdminBrand = { id: 4, name: 'Kaveri Gold', slug: 'kaveri-gold', logo: 'brands/kaveri.webp', products: 12, version: 2 };
const nandi: AdminBrand = { id: 5, name: 'Nandi', slug: 'nandi', logo: '', products: 0, version: 1 };

// the server: a page of brands, and a brand saved (as the server has it) or refused
let save: (path: string, method: string, body: Record<string, unknown>) => Promise<unknown>;
let deleted: () => Response;
const fetched = vi.fn(async (_url: string, _init?: RequestInit) => deleted());
beforeEach(() => {
  resetFormApi();
  fetched.mockClear();
  vi.stubGlobal('fetch', fetched);
  document.cookie = 'XSRF-TOKEN=token';
  deleted = () => new Response(null, { status: 204 });
  save = async (_path, _method, body) => ({ ...kaveri, id: 9, products: 0, version: 1, ...body, slug: body.slug || 'mithai-house' });
  apiChecked.mockImplementation(async (path: string, method: string, body: Record<string, unknown>) =>
    method === 'GET' ? { data: [kaveri, nandi], meta: { total: 2, page: 1, perPage: 20 } } : save(path, method, body),
  );
});
afterEach(() => vi.unstubAllGlobals());
const sent = () => apiChecked.mock.calls.filter(([, method]) => method !== 'GET');

async function show(at = '') {
  window.history.replaceState(null, '', `/bos/admin/brands${at}`);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <BrandList />
      </BrowserRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('button', { name: 'Edit Kaveri Gold' });
}
const dialog = (name: string) => within(screen.getByRole('alertdialog', { name }));

describe('the brands list', () => {
  it('shows each brand with its slug and products; the view in the address is asked of the server', async () => {
    await show('?sort=products&dir=desc');
    const rows = within(screen.getByRole('table', { name: 'Brands' }))
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Kaveri Gold', 'kaveri-gold', '12', 'EditDelete'],
      ['Nandi', 'nandi', '0', 'EditDelete'],
    ]);
    expect(apiChecked).toHaveBeenCalledWith('/api/admin/brands?dir=desc&sort=products', 'GET', undefined);
  });
});

describe('the brand form', () => {
  it('shows the shared schema’s messages at their fields and sends nothing', async () => {
    await show();
    fireEvent.click(screen.getByRole('button', { name: 'New brand' }));
    const d = dialog('New brand');
    type('Name', '   ', d);
    type('Slug', 'Kaveri Gold', d);
    type('Logo image', '../secret.png', d);
    fireEvent.click(d.getByRole('button', { name: 'Create brand' }));
    await waitFor(() => expect(errorAt('Name', d)).toBe('Name is required'));
    expect(errorAt('Slug', d)).toBe('Slug can have lowercase letters, digits and single hyphens');
    expect(errorAt('Logo image', d)).toBe('Image path cannot contain ..');
    expect(sent()).toEqual([]);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('a new brand: sends the fields as typed, then the dialog closes', async () => {
    await show();
    fireEvent.click(screen.getByRole('button', { name: 'New brand' }));
    const d = dialog('New brand');
    type('Name', 'Mithai House', d);
    type('Logo image', 'brands/mithai-house.jpg', d);
    // the logo chosen is shown
    await waitFor(() => expect(d.getByRole('presentation', { hidden: true }).getAttribute('src')).toContain('mithai-house'));
    fireEvent.click(d.getByRole('button', { name: 'Create brand' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent()).toEqual([['/api/admin/brands', 'POST', { name: 'Mithai House', slug: '', logo: 'brands/mithai-house.jpg' }]]);
    expect(toast.success).toHaveBeenCalledWith('Mithai House created');
  });

  it('an existing brand: opened as it is, saved with PUT and the version it opened', async () => {
    await show();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Kaveri Gold' }));
    const d = dialog('Edit Kaveri Gold');
    expect([field('Name', d).value, field('Slug', d).value, field('Logo image', d).value]).toEqual([
      'Kaveri Gold',
      'kaveri-gold',
      'brands/kaveri.webp',
    ]);
    type('Name', 'Kaveri Gold Oils', d);
    fireEvent.click(d.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Kaveri Gold Oils saved'));
    expect(sent()).toEqual([
      ['/api/admin/brands/4', 'PUT', { version: 2, name: 'Kaveri Gold Oils', slug: 'kaveri-gold', logo: 'brands/kaveri.webp' }],
    ]);
  });

  it('the server’s 422 lands on its field; the dialog stays open', async () => {
    save = () =>
      Promise.reject(
        new ApiError(422, {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid',
          errors: { slug: ['Another brand has this slug'] },
        }),
      );
    await show();
    fireEvent.click(screen.getByRole('button', { name: 'New brand' }));
    const d = dialog('New brand');
    type('Name', 'Kaveri', d);
    type('Slug', 'kaveri-gold', d);
    fireEvent.click(d.getByRole('button', { name: 'Create brand' }));
    await waitFor(() => expect(errorAt('Slug', d)).toBe('Another brand has this slug'));
    expect(errorAt('Name', d)).toBeNull();
    expect(sent()).toEqual([['/api/admin/brands', 'POST', { name: 'Kaveri', slug: 'kaveri-gold', logo: '' }]]);
    expect(toast.success).not.toHaveBeenCalled();
  });
});

describe('deleting a brand (the confirm dialog)', () => {
  it('Keep it sends nothing; Delete deletes it', async () => {
    await show();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Nandi' }));
    fireEvent.click(dialog('Delete Nandi?').getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetched).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Nandi' }));
    fireEvent.click(dialog('Delete Nandi?').getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Nandi deleted'));
    expect(fetched.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([['/s/api/admin/brands/5', 'DELETE']]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a brand in use: the refusal is shown in the dialog, which can no longer confirm', async () => {
    deleted = () =>
      new Response(JSON.stringify({ code: 'BRAND_IN_USE', message: '12 products use Kaveri Gold' }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      });
    await show();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Kaveri Gold' }));
    const d = dialog('Delete Kaveri Gold?');
    fireEvent.click(d.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(d.getByRole('alert').textContent).toBe('12 products use Kaveri Gold'));
    expect((d.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    expect(toast.success).not.toHaveBeenCalled();
  });
});
