/**
 * The header search box's words (issue 39): a search's results page shows its words, any other
 * page keeps the words last searched or typed (both copies of the box agree, a reload keeps
 * them), and clearing the box forgets them.
 */
import { render, type ComponentChild } from 'preact';
import { act } from 'preact/test-utils';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { mountPoint } from '../../test/mount';
import { SearchBox } from './navbar';

const dom = mountPoint();
beforeEach(() => sessionStorage.clear());

/** The bar holds two boxes (the wide one and the phone's row), as the navbar does. */
function open(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <SearchBox />
            <SearchBox />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  act(() => render((<RouterProvider router={router} />) as ComponentChild, dom.container));
  return router;
}
/** A full page load of `path`: the app starts again, sessionStorage stays. */
function reload(path: string) {
  act(() => render(null, dom.container));
  return open(path);
}
const words = () => [...dom.container.querySelectorAll<HTMLInputElement>('input[type="search"]')].map((b) => b.value);
const go = (router: ReturnType<typeof open>, to: string | number) =>
  act(() => (typeof to === 'number' ? router.navigate(to) : router.navigate(to)));
function type(text: string, box = 0) {
  const input = dom.container.querySelectorAll<HTMLInputElement>('input[type="search"]')[box]!;
  act(() => {
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('the header search box', () => {
  it("shows a search's words on its results page and keeps the last search's words on other pages", async () => {
    const router = open('/products?q=rice');
    expect(words()).toEqual(['rice', 'rice']);
    await go(router, '/products/kaveri-gold-classic-basmati-rice');
    expect(words()).toEqual(['rice', 'rice']);
    await go(router, '/products?c=beverages');
    expect(words()).toEqual(['rice', 'rice']);
    await go(router, '/products?q=atta');
    expect(words()).toEqual(['atta', 'atta']);
    // back on a page that is not a search: the last words stay
    await go(router, -1);
    expect(words()).toEqual(['atta', 'atta']);
    // back to the first search's results: its own words
    await go(router, -2);
    expect(router.state.location.search).toBe('?q=rice');
    expect(words()).toEqual(['rice', 'rice']);
  });

  it('keeps words typed but not searched on every page and after a reload, in both boxes; clearing forgets them', async () => {
    const router = open('/products/kaveri-gold-classic-basmati-rice');
    expect(words()).toEqual(['', '']);
    type('toor dal');
    expect(words()).toEqual(['toor dal', 'toor dal']);
    await go(router, '/categories');
    expect(words()).toEqual(['toor dal', 'toor dal']);
    reload('/suppliers');
    expect(words()).toEqual(['toor dal', 'toor dal']);
    type('', 1);
    expect(words()).toEqual(['', '']);
    reload('/categories');
    expect(words()).toEqual(['', '']);
  });
});
