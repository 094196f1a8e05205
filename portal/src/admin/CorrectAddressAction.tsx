import { HttpError, useDataProvider, useRecordContext, useRefresh } from 'react-admin';
import type { EliteRequestAdminView, PrintOrderAdminView } from '../../../libs/contracts/index.ts';
import { ADDRESS_CORRECTABLE_PRINT_STATUSES, type ShippingAddress } from '../../../libs/domain/index.ts';
import { ApiError } from '../api/client.ts';
import { CorrectAddress } from '../components/CorrectAddress.tsx';
import type { AdminDataProvider } from './dataProvider.ts';

/** The team's "Correct address" on a print order or an Elite request, while the copies are not yet at the printer. */
export function CorrectAddressAction({ resource }: { resource: 'print-orders' | 'elite-requests' }) {
  const record = useRecordContext<PrintOrderAdminView | EliteRequestAdminView>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  if (!record?.shipping_address) return null;
  const open =
    'order_status' in record ? ADDRESS_CORRECTABLE_PRINT_STATUSES.includes(record.order_status) : (record.status === 'in_production' || record.status === 'printing');
  if (!open) return null;
  const save = async (address: ShippingAddress) => {
    try {
      await dataProvider.correctShippingAddress(resource, String(record.id), address);
    } catch (error) {
      // The API's field refusals, as the form shows them on their fields.
      if (error instanceof HttpError) throw new ApiError(error.status, error.message, (error.body as { details?: unknown } | undefined)?.details);
      throw error;
    }
  };
  return <CorrectAddress id={`admin-correct-${String(record.id)}`} current={record.shipping_address} save={save} onSaved={refresh} />;
}
