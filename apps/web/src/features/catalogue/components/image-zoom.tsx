import { Minus, Plus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { img } from '@grocer/blocks/image';
import { t } from '../../../lib/i18n';

const MIN = 1;
const MAX = 5;
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

interface View {
  scale: number;
  x: number;
  y: number;
}

/**
 * The product image full screen (issue 39 §15), loaded only when a shopper opens it: pinch or
 * the mouse wheel zooms (1–5×), a drag moves the zoomed image, a double tap or click toggles 2.5×,
 * and the buttons do the same for keyboards. Hand-written (about 120 lines, no dependency): the
 * libraries that do this (react-zoom-pan-pinch, photoswipe) bring a gallery's worth of code for
 * one image, and this loads with the viewer anyway, never in the page's first load.
 */
export default function ImageZoom({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; scale: number } | null>(null);
  const close = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      if (e.key === '+' || e.key === '=') zoom((s) => s * 1.5);
      if (e.key === '-') zoom((s) => s / 1.5);
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      before?.focus();
    };
  }, [onClose]);

  /** zooms to `to(current scale)`, 1–5×, keeping the image's centre where it was (back to the middle at 1×) */
  const zoom = (to: (scale: number) => number) =>
    setView((v) => {
      const s = clamp(to(v.scale), MIN, MAX);
      return s === MIN ? { scale: MIN, x: 0, y: 0 } : { scale: s, x: (v.x * s) / v.scale, y: (v.y * s) / v.scale };
    });

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const onPointerDown = (e: React.PointerEvent) => {
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) pinch.current = { distance: distance(), scale: view.scale };
  };
  const onPointerMove = (e: React.PointerEvent) => {
    const last = pointers.current.get(e.pointerId);
    if (!last) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinch.current && pointers.current.size === 2) {
      const d = distance();
      const from = pinch.current;
      if (from.distance > 0) zoom(() => (from.scale * d) / from.distance);
    } else if (pointers.current.size === 1 && view.scale > 1) {
      setView((v) => ({ ...v, x: v.x + e.clientX - last.x, y: v.y + e.clientY - last.y }));
    }
  };
  const onPointerUp = (e: React.PointerEvent) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };

  return (
    <div role="dialog" aria-modal="true" aria-label={`${alt}, zoomed`} className="fixed inset-0 z-50 flex flex-col bg-black/95 text-white">
      <div className="flex items-center justify-end gap-2 p-3">
        <span className="mr-auto text-sm" aria-live="polite">
          {Math.round(view.scale * 100)}%
        </span>
        <button
          type="button"
          onClick={() => zoom((s) => s / 1.5)}
          aria-label={t('Zoom out')}
          className="rounded-full bg-white/10 p-2 hover:bg-white/20"
        >
          <Minus size={20} aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={() => zoom((s) => s * 1.5)}
          aria-label={t('Zoom in')}
          className="rounded-full bg-white/10 p-2 hover:bg-white/20"
        >
          <Plus size={20} aria-hidden="true" />
        </button>
        <button
          ref={close}
          type="button"
          onClick={onClose}
          aria-label={t('Close')}
          className="rounded-full bg-white/10 p-2 hover:bg-white/20"
        >
          <X size={20} aria-hidden="true" />
        </button>
      </div>
      <div
        data-testid="zoom-stage"
        className="relative flex-1 touch-none overflow-hidden select-none"
        onWheel={(e) => zoom((s) => s * (e.deltaY < 0 ? 1.2 : 1 / 1.2))}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onDoubleClick={() => zoom((s) => (s > 1 ? 1 : 2.5))}
      >
        <img
          src={img(src, 'large')}
          alt={alt}
          draggable={false}
          className="absolute inset-0 m-auto max-h-full max-w-full object-contain"
          style={{
            transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
            transition: pointers.current.size ? 'none' : 'transform 120ms',
          }}
        />
      </div>
    </div>
  );
}
