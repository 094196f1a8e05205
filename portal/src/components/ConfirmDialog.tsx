import { useId, type ReactNode } from 'react';
import { Dialog } from './Dialog.tsx';

/** A yes-or-no question before something that changes the chapter; the confirming button gets the focus. */
export function ConfirmDialog({
  title,
  confirm,
  busy = false,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  confirm: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const labelId = useId();
  return (
    <Dialog labelId={labelId} onClose={onCancel} busy={busy} role="alertdialog">
      <h3 id={labelId}>{title}</h3>
      {children}
      <div className="path-buttons">
        <button type="button" className="button" data-autofocus disabled={busy} onClick={onConfirm}>{confirm}</button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={onCancel}>Cancel</button>
      </div>
    </Dialog>
  );
}
