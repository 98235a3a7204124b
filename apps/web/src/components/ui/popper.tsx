import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';

/** Spec §9 popper constants: above everything, 10 px from its trigger, reset 200 ms after it starts to fade out. */
export const POPPER_Z_INDEX = 9999;
export const POPPER_OFFSET = 10;
export const POPPER_FADE_OUT_MS = 200;

/**
 * A dropdown panel placed against its (relatively positioned) trigger: below it, or beside it for
 * a nested submenu. It fades out when closed and is removed (reset) 200 ms later. The 10 px offset
 * is transparent padding of the panel's box, so a pointer crossing it never leaves the dropdown.
 */
export function Popper({
  open,
  placement = 'bottom-start',
  children,
}: {
  open: boolean;
  placement?: 'bottom-start' | 'bottom-end' | 'right-start';
  children: ReactNode;
}) {
  const [present, setPresent] = useState(open);
  useEffect(() => {
    if (open) {
      setPresent(true);
      return;
    }
    const t = setTimeout(() => setPresent(false), POPPER_FADE_OUT_MS);
    return () => clearTimeout(t);
  }, [open]);
  if (!open && !present) return null;
  const at: CSSProperties =
    placement === 'right-start'
      ? { top: 0, left: '100%', paddingLeft: POPPER_OFFSET }
      : { top: '100%', paddingTop: POPPER_OFFSET, ...(placement === 'bottom-end' ? { right: 0 } : { left: 0 }) };
  return (
    <div
      data-popper=""
      aria-hidden={open ? undefined : true}
      style={{
        position: 'absolute',
        zIndex: POPPER_Z_INDEX,
        ...at,
        opacity: open ? 1 : 0,
        transition: `opacity ${POPPER_FADE_OUT_MS}ms`,
        pointerEvents: open ? undefined : 'none',
      }}
    >
      {children}
    </div>
  );
}
