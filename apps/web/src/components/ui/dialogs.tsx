import type { ReactNode } from 'react';
import { Modal } from './modal';
import { t } from '../../lib/i18n';

/** Confirm dialog: resolves the caller's question with Confirm or Cancel. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  message: string;
  /** more to choose before confirming (e.g. where a refund goes) */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal open={open} onClose={onCancel} title={title}>
      <p className="text-gray-700">{message}</p>
      {children}
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" onClick={onCancel} className="rounded-lg border px-4 py-2 text-sm font-medium hover:bg-gray-50">
          {cancelLabel ?? t('Cancel')}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          className={`rounded-lg px-4 py-2 text-sm font-medium text-white ${danger ? 'bg-red-600' : 'bg-[var(--color-primary)]'}`}
        >
          {confirmLabel ?? t('Confirm')}
        </button>
      </div>
    </Modal>
  );
}

/** Alert dialog: a message and one OK button. */
export function AlertDialog({ open, title, message, onClose }: { open: boolean; title: string; message: string; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <p role="alert" className="text-gray-700">
        {message}
      </p>
      <div className="mt-5 flex justify-end">
        <button type="button" onClick={onClose} className="rounded-lg bg-[var(--color-primary)] px-4 py-2 text-sm font-medium text-white">
          OK
        </button>
      </div>
    </Modal>
  );
}
