import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import { Link as MuiLink } from '@mui/material';
import { AutocompleteInput, Datagrid, DateField, FunctionField, List, NumberField, ReferenceField, ReferenceInput, SearchInput, SelectField, SelectInput, Show, SimpleShowLayout, TextField } from 'react-admin';
import type { SaleAdminView } from '../../../../libs/contracts/index.ts';
import { EDITION_KINDS, formatAmount, SALE_STATUSES, shopBookPath, toCents } from '../../../../libs/domain/index.ts';
import { WideTable } from '../WideTable.tsx';

type SaleAdminRecord = SaleAdminView;

const statusChoices = SALE_STATUSES.map((id) => ({ id, name: id.replaceAll('_', ' ') }));
const editionChoices = EDITION_KINDS.map((id) => ({ id, name: id === 'ebook' ? 'E-book' : 'Print' }));
const amount = (field: 'price' | 'stripe_fee' | 'print_cost' | 'earnings') => (record: SaleAdminRecord) => formatAmount(toCents(record[field]), record.currency);

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search title, author or buyer e-mail" />,
  <SelectInput key="status" source="status" choices={statusChoices} />,
  <SelectInput key="edition" source="edition" choices={editionChoices} />,
  <ReferenceInput key="author_id" source="author_id" reference="users" label="Author">
    <AutocompleteInput label="Author" optionText="email" filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
];

/** The book's public page (the sale keeps its title when the book is gone). */
function BookLink({ record }: { record: SaleAdminRecord }) {
  if (!record.book_id) return <>{record.book_title}</>;
  return (
    <MuiLink href={shopBookPath(record.book_id)} target="_blank" rel="noreferrer" onClick={(event) => event.stopPropagation()}>
      {record.book_title}
    </MuiLink>
  );
}

function SaleList() {
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }}>
      <WideTable label="Sales table">
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <DateField source="created_at" label="Started" showTime />
          <FunctionField source="book_title" label="Book" render={(r: SaleAdminRecord) => <BookLink record={r} />} />
          <TextField source="author_email" label="Author" sortable={false} emptyText="—" />
          <SelectField source="edition" choices={editionChoices} />
          <NumberField source="quantity" label="Qty" />
          <FunctionField source="price" render={amount('price')} />
          <FunctionField source="stripe_fee" label="Stripe fee" render={amount('stripe_fee')} />
          <FunctionField source="print_cost" label="Print cost" render={amount('print_cost')} />
          <FunctionField source="earnings" render={amount('earnings')} />
          <SelectField source="status" choices={statusChoices} />
          <DateField source="paid_at" label="Paid" showTime emptyText="—" />
        </Datagrid>
      </WideTable>
    </List>
  );
}

function SaleShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <FunctionField label="Book" render={(r: SaleAdminRecord) => <BookLink record={r} />} />
        <SelectField source="edition" choices={editionChoices} />
        <NumberField source="quantity" />
        <SelectField source="status" choices={statusChoices} />
        <FunctionField label="Price" render={amount('price')} />
        <FunctionField label="Stripe fee" render={amount('stripe_fee')} />
        <FunctionField label="Print cost" render={amount('print_cost')} />
        <FunctionField label="Earnings" render={amount('earnings')} />
        <TextField source="author_email" label="Author" emptyText="—" />
        <ReferenceField source="author_id" reference="users" label="Author's account" link="show" emptyText="—" />
        <TextField source="buyer_email" label="Buyer e-mail" emptyText="—" />
        <ReferenceField source="print_order_id" reference="print-orders" label="Print order" link="show" emptyText="—" />
        <TextField source="checkout_session_id" label="Checkout Session" emptyText="—" />
        <DateField source="delivered_at" label="Delivered" showTime emptyText="—" />
        <DateField source="created_at" label="Started" showTime />
        <DateField source="paid_at" label="Paid" showTime emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}

/** Read-only: a sale moves through its workflow, driven by the payment, the delivery and the print provider. */
export const sales = {
  list: SaleList,
  show: SaleShow,
  icon: PointOfSaleIcon,
  recordRepresentation: 'book_title',
  options: { label: 'Sales' },
};
