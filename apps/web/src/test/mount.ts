import { render, type ComponentChild } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach } from 'vitest';

/**
 * A fresh element in the document for each test of the calling file, unmounted and removed
 * after it: `const dom = mountPoint(); dom.mount(<X />); dom.container.querySelector(…)`.
 */
export function mountPoint() {
  let container: HTMLElement;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
  });
  afterEach(() => {
    act(() => render(null, container));
    container.remove();
  });
  return {
    get container() {
      return container;
    },
    mount: (ui: ComponentChild) => act(() => render(ui, container)),
  };
}
