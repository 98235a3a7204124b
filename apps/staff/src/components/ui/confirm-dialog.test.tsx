import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function Harness(props: { form?: boolean; busy?: boolean; disabled?: boolean; onConfirm: (reason: string) => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<button type="button">Block customer</button>}
      title="Block Asha?"
      description="They cannot sign in or order until unblocked."
      cancel="Keep"
      confirm="Block"
      form={props.form}
      busy={props.busy}
      disabled={props.disabled}
      onConfirm={() => props.onConfirm(reason)}
    >
      <label>
        Reason
        <input value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
    </ConfirmDialog>
  );
}

describe('ConfirmDialog', () => {
  it('opens from its trigger as an alert dialog named by its title; Cancel closes it unconfirmed', () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Block customer' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Block Asha?' });
    expect(dialog.textContent).toContain('They cannot sign in or order until unblocked.');
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms with what was entered and stays open until the caller closes it', () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Block customer' }));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Abusive calls' } });
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    expect(onConfirm).toHaveBeenCalledWith('Abusive calls');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('as a form, submitting confirms; busy or refused, it does not', () => {
    const onConfirm = vi.fn();
    const { unmount } = render(<Harness form onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Block customer' }));
    fireEvent.submit(screen.getByLabelText('Reason').closest('form')!);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    unmount();
    for (const blocked of [{ busy: true }, { disabled: true }]) {
      const view = render(<Harness form {...blocked} onConfirm={onConfirm} />);
      fireEvent.click(screen.getByRole('button', { name: 'Block customer' }));
      expect((screen.getByRole('button', { name: 'Block' }) as HTMLButtonElement).disabled).toBe(true);
      fireEvent.submit(screen.getByLabelText('Reason').closest('form')!);
      view.unmount();
    }
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
