import { Menu, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { t } from '../lib/i18n';

/** Whether the window is 768 px or wider (the sidebar's width), following resizes. */
export function useWide(): boolean {
  const query = '(min-width: 768px)';
  const [wide, setWide] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const m = window.matchMedia(query);
    const on = () => setWide(m.matches);
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, []);
  return wide;
}

/**
 * An area's navigation on a phone (below 768 px): a top bar with a Menu button and the area's
 * title, and the drawer (named "Menu") it opens. A new screen, Escape, the backdrop or the close
 * button close it. Administration and Website Settings both use it; from 768 px they show their
 * sidebar instead.
 */
export function PhoneDrawer({
  id,
  title,
  badge,
  barEnd,
  sticky = true,
  heading,
  children,
}: {
  /** the drawer's element id (the Menu button controls it) */
  id: string;
  /** shown in the top bar beside the Menu button */
  title: string;
  /** on the Menu button's corner (Administration's new orders) */
  badge?: ReactNode;
  /** at the top bar's end (Administration's search) */
  barEnd?: ReactNode;
  /** false: the bar scrolls away, for screens whose own header sticks to the top */
  sticky?: boolean;
  /** the drawer's head, beside its close button */
  heading: ReactNode;
  /** the drawer's navigation and footer; `close` for links that stay on the page */
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const location = useLocation();
  // a new screen closes the drawer
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <>
      <header className={`${sticky ? 'sticky top-0 z-30' : ''} flex items-center gap-3 border-b bg-white px-3 py-2 md:hidden print:hidden`}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(true)}
          className="relative inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md border px-3 text-sm font-medium"
        >
          <Menu className="size-5" aria-hidden />
          {t('Menu')}
          {badge}
        </button>
        <p className="min-w-0 flex-1 truncate font-semibold">{title}</p>
        {barEnd}
      </header>
      {open && (
        <div className="fixed inset-0 z-40 md:hidden">
          <button type="button" aria-label={t('Close the menu')} className="absolute inset-0 bg-black/40" onClick={close} />
          <aside id={id} aria-label={t('Menu')} className="absolute inset-y-0 left-0 flex w-[85vw] max-w-80 flex-col bg-white shadow-xl">
            <div className="flex items-start justify-between border-b">
              {heading}
              <button
                type="button"
                onClick={close}
                className="m-2 inline-flex size-11 items-center justify-center rounded-md hover:bg-gray-100"
              >
                <X className="size-5" aria-hidden />
                <span className="sr-only">{t('Close the menu')}</span>
              </button>
            </div>
            {children(close)}
          </aside>
        </div>
      )}
    </>
  );
}
