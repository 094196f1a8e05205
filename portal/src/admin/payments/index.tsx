import PaymentsIcon from '@mui/icons-material/Payments';
import { Datagrid, DateField, FunctionField, List, ReferenceField, SearchInput, SelectField, SelectInput, Show, SimpleShowLayout, TextField } from 'react-admin';
import { WideTable } from '../WideTable.tsx';
import type { PaymentAdminView } from '../../../../libs/contracts/index.ts';
import { BOOK_CREDIT_STATUSES, formatAmount, PAYMENT_STATUSES, PRODUCT_OFFERS } from '../../../../libs/domain/index.ts';

const productChoices = PRODUCT_OFFERS.map((offer) => ({ id: offer.id, name: offer.name }));
const statusChoices = PAYMENT_STATUSES.map((id) => ({ id, name: id }));
const creditChoices = BOOK_CREDIT_STATUSES.map((id) => ({ id, name: id }));
const amount = (record: PaymentAdminView) => formatAmount(record.amount, record.currency);

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search e-mail" />,
  <SelectInput key="product_id" source="product_id" label="Product" choices={productChoices} />,
  <SelectInput key="status" source="status" choices={statusChoices} />,
];

function PaymentList() {
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }}>
      <WideTable label="Payments table">
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <DateField source="created_at" label="Started" showTime />
          <TextField source="email" label="Checkout e-mail" emptyText="—" />
          <TextField source="user_email" label="Account" sortable={false} emptyText="signed out" />
          <TextField source="product_name" label="Product" sortable={false} />
          <FunctionField source="amount" render={amount} />
          <SelectField source="status" choices={statusChoices} />
          <DateField source="paid_at" label="Paid" showTime emptyText="—" />
        </Datagrid>
      </WideTable>
    </List>
  );
}

/** Everything needed to find the payment in Stripe's dashboard, and what it gave the buyer. */
function PaymentShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="product_name" label="Product" />
        <ReferenceField source="print_order_id" reference="print-orders" label="Print order" link="show" emptyText="—" />
        <FunctionField label="Amount" render={amount} />
        <SelectField source="status" choices={statusChoices} />
        <TextField source="mismatch" label="Not fulfilled because" emptyText="—" />
        <TextField source="email" label="Checkout e-mail" emptyText="—" />
        <TextField source="user_email" label="Account e-mail" emptyText="signed out" />
        <TextField source="user_id" label="Account id" emptyText="—" />
        <TextField source="price_id" label="Stripe price" />
        <TextField source="stripe_session_id" label="Stripe Checkout Session" />
        <TextField source="stripe_payment_intent_id" label="Stripe PaymentIntent" emptyText="—" />
        <TextField source="stripe_customer_id" label="Stripe customer" emptyText="—" />
        <SelectField source="credit_status" label="Book credit" choices={creditChoices} emptyText="none (no credit granted)" />
        <DateField source="created_at" label="Started" showTime />
        <DateField source="paid_at" label="Paid" showTime emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}

/** Read-only: payments change only through Stripe's events. */
export const payments = {
  list: PaymentList,
  show: PaymentShow,
  icon: PaymentsIcon,
  recordRepresentation: 'stripe_session_id',
};
