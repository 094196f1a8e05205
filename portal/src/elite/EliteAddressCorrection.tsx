import { useQueryClient } from '@tanstack/react-query';
import type { EliteRequestView } from '../../../libs/contracts/index.ts';
import { ADDRESS_CORRECTABLE_PRINT_STATUSES } from '../../../libs/domain/index.ts';
import { correctEliteAddress } from '../api/addresses.ts';
import { CorrectAddress } from '../components/CorrectAddress.tsx';
import { eliteRequestKey } from './useEliteRequests.ts';

/** The author's "Correct address" for the approved proof's copies, until they are submitted to the printer. */
export function EliteAddressCorrection({ view }: { view: EliteRequestView }) {
  const queryClient = useQueryClient();
  const order = view.print_order;
  const open = view.status === 'in_production' || (view.status === 'printing' && (!order || ADDRESS_CORRECTABLE_PRINT_STATUSES.includes(order.order_status)));
  if (!view.shipping_address || !open) return null;
  return (
    <CorrectAddress
      id={`elite-correct-${view.id}`}
      current={view.shipping_address}
      save={(address) => correctEliteAddress(view.id, address)}
      onSaved={() => void queryClient.invalidateQueries({ queryKey: eliteRequestKey(view.id) })}
    />
  );
}
