import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { FormEvent, ReactElement, ReactNode } from 'react';

const tones = {
  danger: 'bg-red-600 text-white hover:bg-red-700',
  primary: 'bg-brand text-white hover:opacity-90',
  neutral: 'bg-gray-900 text-white hover:bg-gray-800',
};
const buttonClass = 'rounded-md px-4 py-2 text-sm font-medium disabled:opacity-50';

/**
 * The staff app's one confirm dialog (Radix's AlertDialog): a title, what will happen, anything
 * the step needs (a reason, a choice, a refusal from the server) and two buttons, Cancel (which
 * closes it) and the confirming one. The confirming button does not close it: the caller closes it
 * when the change is made (`onOpenChange(false)`), so a refusal can be shown in it.
 *
 * With `form`, the content and the buttons are one form and confirming submits it: Enter confirms
 * and the browser checks the fields' own rules (`required`, `minLength`) first.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  cancel = 'Cancel',
  confirm,
  onConfirm,
  busy = false,
  disabled = false,
  tone = 'danger',
  form = false,
  wide = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the button that opens it, when it has one (a `<button>`: it gets the dialog's aria attributes) */
  trigger?: ReactElement;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
  /** the closing button's words */
  cancel?: string;
  /** the confirming button's words */
  confirm: ReactNode;
  onConfirm: () => void;
  /** the change is under way: the confirming button waits */
  busy?: boolean;
  /** the change cannot be made as things are (a refusal shown, a preview missing) */
  disabled?: boolean;
  tone?: keyof typeof tones;
  form?: boolean;
  wide?: boolean;
}) {
  const buttons = (
    <div className="mt-6 flex justify-end gap-3">
      <AlertDialog.Cancel className={`${buttonClass} border bg-white hover:bg-gray-50`}>{cancel}</AlertDialog.Cancel>
      <button
        type={form ? 'submit' : 'button'}
        disabled={busy || disabled}
        className={`${buttonClass} ${tones[tone]}`}
        onClick={form ? undefined : onConfirm}
      >
        {confirm}
      </button>
    </div>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy && !disabled) onConfirm();
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90vh] ${wide ? 'w-[720px]' : 'w-[480px]'} max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl`}
        >
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-600">{description}</AlertDialog.Description>
          {form ? (
            <form className="mt-4" onSubmit={submit}>
              {children}
              {buttons}
            </form>
          ) : (
            <>
              {children}
              {buttons}
            </>
          )}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
