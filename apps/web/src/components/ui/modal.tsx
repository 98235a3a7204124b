import { X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { t } from '../../lib/i18n';

const OPEN_DELAY_MS = 10;
export const CLOSE_MS = 300;

/** Keeps Tab inside `root` and restores focus to what had it when the overlay opened. */
export function useFocusTrap(active: boolean, root: React.RefObject<HTMLElement | null>, onClose: () => void) {
  // The latest onClose, read at Escape: callers pass a new function on each render, and re-running
  // the trap for it would move focus out of the field being typed into (to the first focusable).
  const close = useRef(onClose);
  close.current = onClose;
  // A layout effect: focus moves in as the overlay is committed, never later, when the person may
  // already be typing in one of its fields (a late move left the field's selection behind, and the
  // next keystroke replaced it with nothing).
  useLayoutEffect(() => {
    if (!active) return;
    const previous = document.activeElement as HTMLElement | null;
    const el = root.current;
    const focusables = () => [
      ...(el?.querySelectorAll<HTMLElement>(
        'a[href],button:not([disabled]),input:not([disabled]),select,textarea,[tabindex]:not([tabindex="-1"])',
      ) ?? []),
    ];
    if (!el?.contains(document.activeElement)) (focusables()[0] ?? el)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
      if (e.key !== 'Tab') return;
      const list = focusables();
      if (!list.length) return;
      const first = list[0]!,
        last = list[list.length - 1]!;
      const wrapTo = e.shiftKey && document.activeElement === first ? last : !e.shiftKey && document.activeElement === last ? first : null;
      if (wrapTo) {
        wrapTo.focus();
        e.preventDefault();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [active, root]);
}

/** Mount/unmount with a short open delay and a 300 ms closing animation (spec §4, §9). */
function usePresence(open: boolean) {
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (open) {
      setMounted(true);
      const t = setTimeout(() => setShown(true), OPEN_DELAY_MS);
      return () => clearTimeout(t);
    }
    setShown(false);
    const t = setTimeout(() => setMounted(false), CLOSE_MS);
    return () => clearTimeout(t);
  }, [open]);
  return { mounted, shown };
}

/** Title and close button shared by modals and drawers. */
function OverlayHeader({ id, title, onClose, className }: { id: string; title: string; onClose: () => void; className: string }) {
  return (
    <div className={`flex items-center justify-between gap-4 ${className}`}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <button type="button" onClick={onClose} aria-label={t('Close')} className="rounded p-1 text-gray-500 hover:bg-gray-100">
        <X size={20} aria-hidden="true" />
      </button>
    </div>
  );
}

export function Modal({
  open,
  onClose,
  title,
  children,
  width = 450,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  width?: number;
}) {
  const { mounted, shown } = usePresence(open);
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(open && mounted, ref, onClose);
  if (!mounted) return null;
  return (
    <div
      className={`fixed inset-0 z-[9999] flex items-center justify-center p-4 transition-opacity duration-300 ${shown ? 'opacity-100' : 'opacity-0'}`}
    >
      <div className="absolute inset-0 bg-black/40" onClick={onClose} aria-hidden="true" />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ width, maxWidth: '100%' }}
        className={`relative max-h-[90vh] overflow-auto rounded-xl bg-white p-5 shadow-xl transition-transform duration-300 ${shown ? 'scale-100' : 'scale-95'}`}
      >
        <OverlayHeader id={titleId} title={title} onClose={onClose} className="mb-4" />
        {children}
      </div>
    </div>
  );
}

export function Drawer({
  open,
  onClose,
  title,
  side = 'right',
  width,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  side?: 'left' | 'right';
  width: number;
  children: ReactNode;
}) {
  const { mounted, shown } = usePresence(open);
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(open && mounted, ref, onClose);
  if (!mounted) return null;
  const off = side === 'right' ? 'translate-x-full' : '-translate-x-full';
  return (
    <div className="fixed inset-0 z-[9999]">
      <div
        className={`absolute inset-0 bg-black/40 transition-opacity duration-300 ${shown ? 'opacity-100' : 'opacity-0'}`}
        onClick={onClose}
        aria-hidden="true"
      />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ width, maxWidth: '100vw' }}
        className={`absolute top-0 ${side === 'right' ? 'right-0' : 'left-0'} flex h-full flex-col bg-white shadow-xl transition-transform duration-300 ${shown ? 'translate-x-0' : off}`}
      >
        <OverlayHeader id={titleId} title={title} onClose={onClose} className="border-b px-4 py-3" />
        <div className="flex-1 overflow-auto">{children}</div>
      </div>
    </div>
  );
}
