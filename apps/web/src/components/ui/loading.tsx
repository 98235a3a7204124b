import { LoaderCircle } from 'lucide-react';
import { t } from '../../lib/i18n';

export function Spinner({ size = 20, className = '' }: { size?: number; className?: string }) {
  return <LoaderCircle size={size} className={`animate-spin ${className}`} aria-hidden="true" />;
}

/** The generic loading view of spec §2: an icon with the text "Loading...". */
export function LoadingView() {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center gap-2 text-gray-500">
      <Spinner />
      <span>{t('Loading...')}</span>
    </div>
  );
}

/** Full-page or in-container overlay while something loads. */
export function LoadingOverlay({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <div
      role="status"
      aria-label={t('Loading')}
      className={`${fullPage ? 'fixed' : 'absolute'} inset-0 z-50 flex items-center justify-center bg-white/60`}
    >
      <Spinner size={32} className="text-[var(--color-primary)]" />
    </div>
  );
}
