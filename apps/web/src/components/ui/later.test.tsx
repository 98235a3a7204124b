/**
 * Hydration in slices (<Later>): the server's markup is kept, node for node; the parts wrapped in
 * <Later> answer taps only once their turn has come, one part per task, `last` ones at the end;
 * outside hydration <Later> is transparent.
 */
import { hydrate, render, type ComponentChild } from 'preact';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { hydrateInSlices, Later } from './later';

function Counter({ name }: { name: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" data-name={name} onClick={() => setN(n + 1)}>
      {name} {n}
    </button>
  );
}

function Page() {
  const [top, setTop] = useState(0);
  return (
    <div className="grid">
      <button type="button" data-name="top" onClick={() => setTop(top + 1)}>
        top {top}
      </button>
      <Later last>
        <aside>
          <Counter name="filters" />
        </aside>
      </Later>
      {['a', 'b', 'c'].map((k) => (
        <Later key={k}>
          <Counter name={k} />
        </Later>
      ))}
    </div>
  );
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const button = (root: HTMLElement, name: string) => root.querySelector<HTMLButtonElement>(`[data-name="${name}"]`)!;
const texts = (root: HTMLElement) => [...root.querySelectorAll('button')].map((b) => b.textContent);

/** What the server sends: the page rendered outside hydration, as markup, with the parts still
 * marked (on the server no ref runs to clear the mark). */
function serverMarkup(vnode: ComponentChild) {
  const scratch = document.createElement('div');
  render(vnode, scratch);
  scratch.querySelectorAll('div.contents').forEach((d) => d.setAttribute('data-later', ''));
  const html = scratch.innerHTML;
  render(null, scratch);
  return html;
}

let root: HTMLElement;
afterEach(() => {
  render(null, root);
  root.remove();
});

describe('Later', () => {
  it('keeps the server markup and takes the parts over one task at a time, last ones at the end', async () => {
    root = document.createElement('div');
    root.innerHTML = serverMarkup(<Page />);
    document.body.append(root);
    expect(root.querySelectorAll('[data-later]')).toHaveLength(4);
    const before = [...root.querySelectorAll('*')];

    const done = hydrateInSlices(() => hydrate(<Page />, root));
    // The rest of the page is live at once; the parts are still the server's inert markup.
    button(root, 'top').click();
    button(root, 'a').click();
    await Promise.resolve();
    await Promise.resolve();
    expect(texts(root)).toEqual(['top 1', 'filters 0', 'a 0', 'b 0', 'c 0']);

    const order: string[] = [];
    for (let i = 0; i < 6 && order.length < 4; i++) {
      await tick();
      for (const name of ['a', 'b', 'c', 'filters'])
        if (!order.includes(name) && !button(root, name).parentElement!.closest('[data-later]')) order.push(name);
    }
    expect(order).toEqual(['a', 'b', 'c', 'filters']);
    await done;

    for (const name of ['a', 'filters']) button(root, name).click();
    await tick();
    expect(texts(root)).toEqual(['top 1', 'filters 1', 'a 1', 'b 0', 'c 0']);
    // Not one node was replaced: hydration adopted the server's elements.
    expect([...root.querySelectorAll('*')]).toEqual(before);
    expect(root.querySelectorAll('[data-later]')).toHaveLength(0);
  });

  it('renders its children at once outside hydration', async () => {
    root = document.createElement('div');
    document.body.append(root);
    render(<Page />, root);
    button(root, 'b').click();
    await tick();
    expect(texts(root)).toEqual(['top 0', 'filters 0', 'a 0', 'b 1', 'c 0']);
    expect(root.querySelectorAll('[data-later]')).toHaveLength(0);
  });
});
