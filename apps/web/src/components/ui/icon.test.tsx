/**
 * The icon component (spec §2, §5): any lucide icon by name, the common ones at once, the rest
 * loaded by name; names that are not icon names, or that lucide does not have, draw nothing.
 */
import { render, type ComponentChild } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Icon, loadIcon } from './icon';

let container: HTMLElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  act(() => render(null, container));
  container.remove();
});
const mount = (ui: ComponentChild) => act(() => render(ui, container));
const svg = () => container.querySelector('svg');

describe('Icon', () => {
  it('draws a common icon at once', () => {
    mount(<Icon name="truck" size={20} />);
    expect(svg()?.getAttribute('class')).toContain('lucide-truck');
    expect(svg()?.getAttribute('width')).toBe('20');
  });

  it.each(['carrot', 'shopping-cart', 'cake-slice', 'wheat'])('draws %s, loaded by name, holding its place meanwhile', async (name) => {
    mount(<Icon name={name} size={18} />);
    const placeholder = container.firstElementChild as HTMLElement;
    expect(placeholder.tagName).toBe('SPAN');
    expect([placeholder.style.width, placeholder.style.height]).toEqual(['18px', '18px']);
    await vi.waitFor(() => expect(svg()?.getAttribute('class')).toContain(`lucide-${name}`), { timeout: 10_000 });
    // drawn at once the next time
    mount(null);
    mount(<Icon name={name} />);
    expect(svg()).not.toBeNull();
  });

  it('draws nothing for a name that is not an icon name, or one lucide does not have', async () => {
    mount(<Icon name="Bad Name" />);
    expect(container.innerHTML).toBe('');
    expect(await loadIcon('no-such-icon-here')).toBeNull();
    mount(<Icon name="no-such-icon-here" />);
    expect(container.innerHTML).toBe('');
    mount(<Icon name="constructor" />);
    await vi.waitFor(async () => expect(await loadIcon('constructor')).toBeNull());
    mount(null);
    mount(<Icon name="constructor" />);
    expect(container.innerHTML).toBe('');
  });
});
