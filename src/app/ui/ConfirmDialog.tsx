/**
 * A modal confirmation for consequential actions (native <dialog>: focus is held inside, Escape
 * cancels, the page behind is inert). The confirm button names the action, never just "OK".
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './Button';
import styles from './ConfirmDialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Without it there is nothing to cancel (the dialog's changes apply as they are made): one button closes it. */
  cancelLabel?: string;
  tone?: 'primary' | 'danger';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, tone = 'primary', busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // The safe choice has the focus, so a stray Enter does not confirm.
      element.querySelector<HTMLButtonElement>('[data-autofocus]')?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {open ? (
        <div className={styles.content}>
          <h2 id={`${id}-title`} className={styles.title}>
            {title}
          </h2>
          <div id={`${id}-body`} className={styles.body}>
            {children}
          </div>
          <div className={styles.actions}>
            {cancelLabel !== undefined ? (
              <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
                {cancelLabel}
              </Button>
            ) : null}
            <Button variant={tone} onClick={onConfirm} disabled={busy} data-autofocus={cancelLabel === undefined ? true : undefined}>
              {confirmLabel}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
