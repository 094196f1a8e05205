import SavingsIcon from '@mui/icons-material/Savings';
import { Datagrid, FunctionField, List, NumberField, SearchInput, TextField, useCreatePath, type Identifier } from 'react-admin';
import type { AuthorEarningsView } from '../../../../libs/contracts/index.ts';
import { formatAmount, toCents } from '../../../../libs/domain/index.ts';
import { WideTable } from '../WideTable.tsx';

const amount = (field: 'gross' | 'stripe_fees' | 'print_costs' | 'earnings') => (record: AuthorEarningsView) => formatAmount(toCents(record[field]), record.currency);

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search author e-mail" />];

function EarningsList() {
  const createPath = useCreatePath();
  // A row opens the author's sales.
  const salesOf = (id: Identifier) => `${createPath({ resource: 'sales', type: 'list' })}?filter=${encodeURIComponent(JSON.stringify({ author_id: id }))}`;
  return (
    <List sort={{ field: 'earnings', order: 'DESC' }} perPage={50} filters={filters}>
      <WideTable label="Earnings table">
        <Datagrid rowClick={salesOf} bulkActionButtons={false}>
          <TextField source="author_email" label="Author" emptyText="—" />
          <NumberField source="sales" />
          <FunctionField source="gross" render={amount('gross')} />
          <FunctionField source="stripe_fees" label="Stripe fees" render={amount('stripe_fees')} />
          <FunctionField source="print_costs" label="Print costs" render={amount('print_costs')} />
          <FunctionField source="earnings" render={amount('earnings')} />
        </Datagrid>
      </WideTable>
    </List>
  );
}

/** Read-only: what each author earned from the shop, found by e-mail (the dataProvider reads /api/admin/sales/earnings). */
export const earnings = {
  list: EarningsList,
  icon: SavingsIcon,
  recordRepresentation: 'author_email',
  options: { label: 'Earnings' },
};
