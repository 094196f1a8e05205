import LocalPrintshopIcon from '@mui/icons-material/LocalPrintshop';
import { Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import {
  ArrayField,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NullableBooleanInput,
  NumberField,
  ReferenceField,
  SearchInput,
  SelectField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
} from 'react-admin';
import { WideTable } from '../WideTable.tsx';
import type { PrintOrderAdminView } from '../../../../libs/contracts/index.ts';
import { eliteIncludedLabel, formatAmount, OFFERED_SHIPPING, PRINT_ORDER_STATUSES, PRINT_PRODUCTS, toCents } from '../../../../libs/domain/index.ts';
import { addressLines } from '../../components/printFlow.ts';
import { ShowLink } from '../ShowLink.tsx';
import { useWorkflowAction } from '../useWorkflowAction.ts';
import { CorrectAddressAction } from '../CorrectAddressAction.tsx';

const statusChoices = PRINT_ORDER_STATUSES.map((id) => ({ id, name: id }));
const productChoices = PRINT_PRODUCTS.map((p) => ({ id: p.spec.pod_package_id, name: p.spec.name }));
const shippingChoices = OFFERED_SHIPPING.map((o) => ({ id: o.level, name: `${o.label} (${o.days})` }));
/** What the order cost as its author sees it: an Elite request's copies are included in what was paid for the request. */
const total = (record: PrintOrderAdminView) => (record.elite_included ? eliteIncludedLabel(record.elite_included, 'team') : formatAmount(toCents(record.total_cost), record.currency));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search e-mail, title or order id" />,
  <SelectInput key="order_status" source="order_status" label="Status" choices={statusChoices} />,
  <NullableBooleanInput key="overdue" source="overdue" label="Overdue" />,
];

function PrintOrderList() {
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }}>
      <WideTable label="Print orders table">
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <DateField source="created_at" label="Ordered" showTime />
          <TextField source="book_title" label="Book" />
          <TextField source="contact_email" label="E-mail" />
          <NumberField source="quantity" />
          <FunctionField source="total_cost" label="Total" render={total} />
          <SelectField source="order_status" label="Status" choices={statusChoices} />
          <TextField source="lulu_status" label="Provider status" emptyText="—" sortable={false} />
          <DateField source="shipped_at" label="Shipped" showTime emptyText="—" />
          <FunctionField label="Overdue" sortable={false} render={(r: PrintOrderAdminView) => (r.overdue ? 'Overdue' : '')} />
        </Datagrid>
      </WideTable>
    </List>
  );
}

/** Asks the order's workflow to read the provider's job now; the page reloads with what it found. */
function RefreshAction() {
  const record = useRecordContext<PrintOrderAdminView>();
  const run = useWorkflowAction(
    (dataProvider) => dataProvider.refreshPrintOrder(String(record?.id)),
    () => 'Asked the print provider for the latest status',
  );
  if (!record) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Button size="small" variant="contained" disabled={run.isPending} onClick={() => run.mutate(undefined)}>
        Refresh from the provider
      </Button>
      <MuiLink href={record.workflow_url} target="_blank" rel="noreferrer">Open in Temporal UI</MuiLink>
    </Stack>
  );
}

function Tracking({ record }: { record: PrintOrderAdminView }) {
  if (!record.tracking_id && !record.tracking_urls.length) return <Typography variant="body2">—</Typography>;
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2">{[record.tracking_id, record.carrier_name].filter(Boolean).join(' · ')}</Typography>
      {record.tracking_urls.map((url) => (
        <MuiLink key={url} href={url} target="_blank" rel="noreferrer">{url}</MuiLink>
      ))}
    </Stack>
  );
}

function Payment({ record }: { record: PrintOrderAdminView }) {
  const payment = record.payment;
  if (!payment) return <Typography variant="body2">— (no payment yet)</Typography>;
  return (
    <Stack spacing={0.5}>
      <ShowLink resource="payments" id={payment.id}>
        {payment.status} · {formatAmount(payment.amount, payment.currency)}
      </ShowLink>
      <Typography variant="body2">Stripe Checkout Session {payment.stripe_session_id}</Typography>
    </Stack>
  );
}

function PrintOrderShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <RefreshAction />
        <TextField source="id" label="Order id" />
        <SelectField source="order_status" label="Status" choices={statusChoices} />
        <TextField source="book_title" label="Book" />
        <TextField source="book_author" label="Author" />
        <TextField source="contact_email" label="E-mail" />
        <ReferenceField source="user_id" reference="users" label="Account" link="show" />
        <SelectField source="pod_package_id" label="Product" choices={productChoices} />
        <NumberField source="quantity" />
        <SelectField source="shipping_level" label="Shipping" choices={shippingChoices} />
        <FunctionField label="Ship to" render={(r: PrintOrderAdminView) => addressLines(r.shipping_address).join(' · ')} />
        <CorrectAddressAction resource="print-orders" />
        <FunctionField label="Total" render={(r: PrintOrderAdminView) => `${total(r)}${r.cost_source === 'mock' && !r.elite_included ? ' (estimate: built-in mock prices)' : ''}`} />
        <FunctionField
          label="Elite request"
          render={(r: PrintOrderAdminView) => (r.elite_included ? <ShowLink resource="elite-requests" id={r.elite_included.request_id}>Open the Elite request</ShowLink> : '—')}
        />
        <TextField source="external_id" label="External id" />
        <TextField source="lulu_job_id" label="Provider job id" emptyText="— (not submitted yet)" />
        <TextField source="lulu_status" label="Provider status" emptyText="—" />
        <FunctionField label="Tracking" render={(r: PrintOrderAdminView) => <Tracking record={r} />} />
        <TextField source="error_message" label="Error" emptyText="—" />
        <FunctionField label="Payment" render={(r: PrintOrderAdminView) => <Payment record={r} />} />
        <DateField source="pay_by" label="Pay by" showTime emptyText="—" />
        <DateField source="paid_at" label="Paid" showTime emptyText="—" />
        <FunctionField label="Overdue" render={(r: PrintOrderAdminView) => (r.overdue ? <Typography color="error" variant="body2">Overdue</Typography> : '—')} />
        <TextField source="workflow_id" label="Workflow" />
        <DateField source="created_at" label="Ordered" showTime />
        <DateField source="shipped_at" label="Shipped" showTime emptyText="—" />
        <WideTable label="Timeline table">
          <ArrayField source="history" label="Timeline">
            <Datagrid bulkActionButtons={false} rowClick={false}>
              <DateField source="at" label="When" showTime sortable={false} />
              <SelectField source="order_status" label="Status" choices={statusChoices} sortable={false} />
              <TextField source="lulu_status" label="Provider status" emptyText="—" sortable={false} />
              <TextField source="note" emptyText="" sortable={false} />
            </Datagrid>
          </ArrayField>
        </WideTable>
      </SimpleShowLayout>
    </Show>
  );
}

/** Read-only apart from Refresh: orders move through their workflow, driven by the payment and the print provider. */
export const printOrders = {
  list: PrintOrderList,
  show: PrintOrderShow,
  icon: LocalPrintshopIcon,
  recordRepresentation: 'book_title',
  options: { label: 'Print orders' },
};
