import { useEffect, useRef, type ReactNode } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: labelled by its heading (`labelId`), focus moved into it on opening (its first field, or the
 * element marked `data-autofocus`), kept inside it while open (Tab wraps), and given back to whatever had it before
 * on closing. Escape closes it unless `busy`.
 */
export function Dialog({
  labelId,
  onClose,
  busy = false,
  wide = false,
  role = 'dialog',
  className = '',
  children,
}: {
  labelId: string;
  onClose: () => void;
  busy?: boolean;
  wide?: boolean;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  // The latest handlers, so the focus effect below runs on opening and closing only.
  const close = useRef({ onClose, busy });
  close.current = { onClose, busy };

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = box.current;
    const first = dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !close.current.busy) close.current.onClose();
      if (event.key !== 'Tab' || !dialog) return;
      const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.offsetParent !== null);
      const [head, tail] = [focusable[0], focusable[focusable.length - 1]];
      if (!head || !tail) return event.preventDefault();
      if (event.shiftKey && (document.activeElement === head || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && (document.activeElement === tail || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <div className="dialog-backdrop">
      <div ref={box} className={`dialog ${wide ? 'dialog-wide' : ''} ${className}`.trim()} role={role} aria-modal="true" aria-labelledby={labelId} tabIndex={-1}>
        {children}
      </div>
    </div>
  );
}
