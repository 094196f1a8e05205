import { lazy, Suspense, useState } from 'react';
import type { ShippingAddress } from '../../../libs/domain/index.ts';

// The dialog carries the address rule's postal and phone metadata: it loads when first opened.
const CorrectAddressDialog = lazy(() => import('./CorrectAddressDialog.tsx').then((module) => ({ default: module.CorrectAddressDialog })));

/**
 * "Correct address" and its dialog, for an order or an Elite request whose copies are not yet at the printer (the
 * order's or the request's run takes the address until then).
 */
export function CorrectAddress({ id, current, save, onSaved }: { id: string; current: ShippingAddress; save: (address: ShippingAddress) => Promise<unknown>; onSaved?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-secondary button-small" onClick={() => setOpen(true)}>Correct address</button>
      {open && (
        <Suspense fallback={null}>
          <CorrectAddressDialog
            id={id}
            current={current}
            save={save}
            onClose={() => setOpen(false)}
            onSaved={() => {
              setOpen(false);
              onSaved?.();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
