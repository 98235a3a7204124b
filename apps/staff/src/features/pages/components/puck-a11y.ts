import { useEffect, type RefObject } from 'react';

/**
 * Names Puck leaves off its own controls (issue 40.14; axe-core's critical and serious rules):
 * the preview frame's title, the zoom select's name, the loading spinner's role (a span with an
 * aria-label and no role), and any icon button of Puck's without a name takes its `title`. Puck
 * has no props for these, so they are set on its DOM as it draws (its ids and classes are hashed,
 * hence the plain selectors). Our own fields and buttons are named where they are written.
 */
export function usePuckNames(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const name = () => {
      const frame = el.querySelector<HTMLIFrameElement>('iframe#preview-frame, iframe[data-rfd-iframe]');
      if (frame && !frame.title) frame.title = 'Page preview';
      for (const select of el.querySelectorAll<HTMLSelectElement>('select:not([aria-label]):not([id])'))
        if (!select.closest('label')) select.setAttribute('aria-label', select.title || 'Zoom');
      for (const span of el.querySelectorAll<HTMLElement>('span[aria-label]:not([role])')) span.setAttribute('role', 'img');
      for (const button of el.querySelectorAll<HTMLButtonElement>('button:not([aria-label])'))
        if (!button.textContent?.trim() && button.title) button.setAttribute('aria-label', button.title);
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(el, { subtree: true, childList: true });
    return () => observer.disconnect();
  }, [root]);
}
