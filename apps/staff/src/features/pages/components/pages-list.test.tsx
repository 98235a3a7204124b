import { ApiError } from '@grocer/shared/api-client';
import type { BuilderPage } from '@grocer/shared/builder-pages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorAt, field, type } from '../../../test/fields';
import { apiChecked, toast, resetFormApi } from '../../../test/form-api';

// Website Settings → Pages: every page in the shared data table (searched and paged in the
// address); unpublish and delete asked in the one confirm dialog; the new page, duplicate and page
// settings forms checked by the shared contracts (builderPageCreateSchema, …DuplicateSchema,
// …UpdateSchema) at each field before sending, a server 422 shown at its field.

const { PagesList } = await import('./pages-list');

const page = (id: number, patch: Partial<BuilderPage> = {}): BuilderPage => ({
  id,
  url: `/page-${id}`,
  title: `Page ${id}`,
  status: 'published',
  has_draft: false,
  show_navbar: true,
  show_sub_navbar: true,
  show_footer: true,
  seo_title: '',
  seo_description: '',
  seo_keyword: '',
  schema_script: null,
  version: 3,
  revision: 1,
  updated_at: '2026-11-30T06:00:00.000Z',
  ...patch,
});
const home = page(1, { url: '/', title: 'Home' });
const about = page(2, { url: '/about-us', title: 'About us', has_draft: true, show_sub_navbar: false });
const diwali = page(3, { url: '/diwali-offers', title: 'Diwali Offers', status: 'draft' });

// the server: the pages, and a write answered with the page (or refused)
let write: (path: string, method: string, body: Record<string, unknown>) => Promise<unknown>;
const fetched = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 204 }));
beforeEach(() => {
  resetFormApi();
  fetched.mockClear();
  vi.stubGlobal('fetch', fetched);
  document.cookie = 'XSRF-TOKEN=token';
  write = async (path, _method, body) => {
    const p = { ...about, ...body, id: Number(path.split('/')[4]) || 9 };
    return path.endsWith('/unpublish') ? { page: p, draft: { components: [], css: '' }, published: { components: [], css: '' } } : p;
  };
  apiChecked.mockImplementation(async (path: string, method: string, body: Record<string, unknown>) =>
    method === 'GET' ? { data: [home, about, diwali] } : write(path, method, body),
  );
});
afterEach(() => vi.unstubAllGlobals());
const sent = () => apiChecked.mock.calls.filter(([, method]) => method !== 'GET');

async function show(at = '', first = 'Home') {
  window.history.replaceState(null, '', `/page-builder/pages${at}`);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <PagesList siteName="Demo Grocery" />
      </BrowserRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('link', { name: first });
}
const table = () => screen.getByRole('table', { name: 'Pages' });
const rows = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).queryAllByRole('cell'));
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('the pages list', () => {
  it('shows each page as before: title and address linked, status, its switches and actions', async () => {
    await show();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Page', 'Status', 'Navbar', 'Sub-navbar', 'Footer', 'Actions']);
    expect(rows().map((cells) => cells.slice(0, 2).map((c) => c.textContent))).toEqual([
      ['Home/', 'Published'],
      ['About us/about-us', 'Publishedunpublished changes'],
      ['Diwali Offers/diwali-offers', 'Draft'],
    ]);
    expect(screen.getByRole('link', { name: 'About us' }).getAttribute('href')).toBe('/page-builder/pages/2');
    expect(screen.getByRole('link', { name: '/about-us open in the shop' }).getAttribute('href')).toBe('/about-us');
    expect((screen.getByRole('checkbox', { name: 'Sub-navbar on About us' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Footer on About us' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: 'Edit Diwali Offers' }).getAttribute('href')).toBe('/page-builder/pages/3');
    expect(button('The home page cannot be unpublished').disabled).toBe(true);
    expect(button('The home page cannot be deleted').disabled).toBe(true);
    expect(button('Diwali Offers is not published').disabled).toBe(true);
    expect(button('Unpublish About us').disabled).toBe(false);
    // each action's tooltip says its name
    expect(button('Page settings of About us').title).toBe('Page settings of About us');
  });

  it('a search in the address keeps the pages it names; typing one puts it there', async () => {
    await show('?q=offers', 'Diwali Offers');
    expect(rows().map((cells) => cells[0]!.textContent)).toEqual(['Diwali Offers/diwali-offers']);
    type('Search by title or address', '/about');
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('q')).toBe('/about'));
    expect(rows().map((cells) => cells[0]!.textContent)).toEqual(['About us/about-us']);
    type('Search by title or address', 'contact');
    fireEvent.submit(screen.getByRole('search'));
    await within(table()).findByText('No page matches this search.');
  });

  it('a switch is saved at once with the page’s version', async () => {
    await show();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sub-navbar on About us' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Saved: shoppers see it now'));
    expect(sent()).toEqual([['/api/builder/pages/2', 'PATCH', { version: 3, show_sub_navbar: true }]]);
  });
});

describe('unpublishing and deleting (the confirm dialog)', () => {
  it('unpublish: Cancel sends nothing; Unpublish page sends the version', async () => {
    await show();
    fireEvent.click(button('Unpublish About us'));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Unpublish “About us”?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent()).toEqual([]);

    fireEvent.click(button('Unpublish About us'));
    fireEvent.click(screen.getByRole('button', { name: 'Unpublish page' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Unpublished: shoppers no longer see /about-us'));
    expect(sent()).toEqual([['/api/builder/pages/2/unpublish', 'POST', { version: 3 }]]);
  });

  it('delete: Cancel sends nothing; Delete page deletes it', async () => {
    await show();
    fireEvent.click(button('Delete Diwali Offers'));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Delete “Diwali Offers”?' }));
    expect(dialog.getByText('Shoppers opening /diwali-offers will see “page not found”. Its revisions are deleted with it.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(fetched).not.toHaveBeenCalled();

    fireEvent.click(button('Delete Diwali Offers'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete page' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Page deleted'));
    expect(fetched.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([['/s/api/builder/pages/3', 'DELETE']]);
  });
});

describe('the page forms', () => {
  const dialog = (name: string) => within(screen.getByRole('dialog', { name }));

  it('a new page: its address follows the title; the shared schema’s messages at their fields, nothing sent', async () => {
    await show();
    fireEvent.click(button('New page'));
    const d = dialog('New page');
    type('Title', 'Diwali Offers!', d);
    expect(field('Address (URL)', d).value).toBe('/diwali-offers');
    type('Title', '  ', d);
    type('Address (URL)', '/Diwali Offers', d);
    type('Title', 'Festive', d);
    // typed by the owner, the address no longer follows
    expect(field('Address (URL)', d).value).toBe('/Diwali Offers');
    type('Title', '  ', d);
    fireEvent.click(d.getByRole('button', { name: 'Create and edit' }));
    await waitFor(() => expect(errorAt('Title', d)).toBe('Give the page a title'));
    expect(errorAt('Address (URL)', d)).toBe("Use lower-case letters, digits and '-', in '/'-separated parts, like /diwali-offers");
    type('Address (URL)', '/checkout', d);
    type('Title', 'Checkout', d);
    fireEvent.click(d.getByRole('button', { name: 'Create and edit' }));
    await waitFor(() => expect(errorAt('Address (URL)', d)).toBe('This address belongs to the shop itself: choose another'));
    expect(errorAt('Title', d)).toBeNull();
    expect(sent()).toEqual([]);
  });

  it('a new page: sends the title and address as typed, then opens the editor', async () => {
    write = async () => page(9, { url: '/diwali-offers', title: 'Diwali Offers', status: 'draft' });
    await show();
    fireEvent.click(button('New page'));
    type('Title', 'Diwali Offers', dialog('New page'));
    fireEvent.click(screen.getByRole('button', { name: 'Create and edit' }));
    await waitFor(() => expect(window.location.pathname).toBe('/page-builder/pages/9'));
    expect(sent()).toEqual([['/api/builder/pages', 'POST', { title: 'Diwali Offers', url: '/diwali-offers' }]]);
    expect(toast.success).toHaveBeenCalledWith('Page created as a draft');
  });

  it('a duplicate: a copy’s title and address offered, sent as typed', async () => {
    await show();
    fireEvent.click(button('Duplicate About us'));
    const d = dialog('Duplicate “About us”');
    expect([field('Title', d).value, field('Address (URL)', d).value]).toEqual(['About us (copy)', '/about-us-copy']);
    type('Address (URL)', 'about-us-2', d);
    fireEvent.click(d.getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Page duplicated as a draft'));
    expect(sent()).toEqual([['/api/builder/pages/2/duplicate', 'POST', { title: 'About us (copy)', url: 'about-us-2' }]]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('page settings: a bad JSON-LD is refused at its field; then the fields go with the version, the address only when changed', async () => {
    await show();
    fireEvent.click(button('Page settings of About us'));
    const d = dialog('Page settings');
    type('SEO title', 'About Demo Grocery', d);
    type('Structured data (JSON-LD)', '{"@type": "AboutPage"', d);
    fireEvent.click(d.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(errorAt('Structured data (JSON-LD)', d)).toBe(
        'Structured data must be valid JSON (JSON-LD), like {"@context": "https://schema.org", "@type": "WebPage"}',
      ),
    );
    expect(sent()).toEqual([]);
    type('Structured data (JSON-LD)', '', d);
    fireEvent.click(d.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Saved'));
    expect(sent()).toEqual([
      [
        '/api/builder/pages/2',
        'PATCH',
        { version: 3, title: 'About us', seo_title: 'About Demo Grocery', seo_description: '', seo_keyword: '', schema_script: '' },
      ],
    ]);

    fireEvent.click(button('Page settings of Diwali Offers'));
    type('Address (URL)', '/diwali', dialog('Page settings'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Saved: /diwali-offers now redirects to /diwali'));
    expect(sent()[1]).toEqual([
      '/api/builder/pages/3',
      'PATCH',
      { version: 3, title: 'Diwali Offers', seo_title: '', seo_description: '', seo_keyword: '', schema_script: '', url: '/diwali' },
    ]);
  });

  it('the home page’s settings: its address stays, and is not sent', async () => {
    await show();
    fireEvent.click(button('Page settings of Home'));
    const d = dialog('Page settings');
    expect(field('Address (URL)', d).disabled).toBe(true);
    type('Title', 'Welcome', d);
    fireEvent.click(d.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Saved'));
    expect(sent()).toEqual([
      [
        '/api/builder/pages/1',
        'PATCH',
        { version: 3, title: 'Welcome', seo_title: '', seo_description: '', seo_keyword: '', schema_script: '' },
      ],
    ]);
  });

  it('the server’s 422 lands on its field; the dialog stays open', async () => {
    write = () =>
      Promise.reject(
        new ApiError(422, {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid',
          errors: { url: ['Another page has this address'] },
        }),
      );
    await show();
    fireEvent.click(button('New page'));
    const d = dialog('New page');
    type('Title', 'About us', d);
    fireEvent.click(d.getByRole('button', { name: 'Create and edit' }));
    await waitFor(() => expect(errorAt('Address (URL)', d)).toBe('Another page has this address'));
    expect(errorAt('Title', d)).toBeNull();
    expect(sent()).toEqual([['/api/builder/pages', 'POST', { title: 'About us', url: '/about-us' }]]);
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
