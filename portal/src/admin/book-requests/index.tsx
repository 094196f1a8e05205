import AssignmentIcon from '@mui/icons-material/Assignment';
import { Alert, Button, Stack, Typography } from '@mui/material';
import {
  ArrayField,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
} from 'react-admin';
import { WideTable } from '../WideTable.tsx';
import type { BookRequestAdminView } from '../../../../libs/contracts/index.ts';
import { BOOK_REQUEST_STATUSES, styleLabel, type BookRequestStatus } from '../../../../libs/domain/index.ts';
import { useWorkflowAction } from '../useWorkflowAction.ts';

const statusChoices = BOOK_REQUEST_STATUSES.map((id) => ({ id, name: id.replace('_', ' ') }));
/** What each button does, named for the status it leads to. */
const ACTIONS: Record<BookRequestStatus, string> = { pending: 'Back to pending', in_progress: 'Start work', completed: 'Mark completed', cancelled: 'Cancel request' };

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search e-mail, name or topic" />,
  <SelectInput key="status" source="status" choices={statusChoices} />,
  <NullableBooleanInput key="overdue" source="overdue" label="Overdue" />,
];

/** "Overdue since …", "Answer by …", or nothing once the team has answered in time. */
function Deadline({ request }: { request: BookRequestAdminView }) {
  if (request.overdue_at) return <Typography variant="body2" color="error">Overdue since {new Date(request.overdue_at).toLocaleString()}</Typography>;
  if (request.respond_by && request.status === 'pending') return <Typography variant="body2">Answer by {new Date(request.respond_by).toLocaleString()}</Typography>;
  return <Typography variant="body2" color="text.secondary">—</Typography>;
}

function BookRequestList() {
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }}>
      <WideTable label="Book requests table">
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="book_topic" label="Topic" />
          <TextField source="name" />
          <TextField source="email" />
          <SelectField source="status" choices={statusChoices} />
          <DateField source="created_at" label="Submitted" showTime />
          <FunctionField source="respond_by" label="Deadline" render={(record: BookRequestAdminView) => <Deadline request={record} />} />
        </Datagrid>
      </WideTable>
    </List>
  );
}

/** One button per status the request may take next; the workflow decides, and its refusal is shown as it says it. */
function StatusActions() {
  const record = useRecordContext<BookRequestAdminView>();
  const change = useWorkflowAction(
    (dataProvider, status: BookRequestStatus) => dataProvider.changeBookRequestStatus(String(record?.id), status),
    ({ data }) => `Status changed to ${data.status.replace('_', ' ')}`,
  );
  if (!record) return null;
  if (!record.next_statuses.length) return <Alert severity="info">This request is {record.status.replace('_', ' ')}: its status no longer changes.</Alert>;
  return (
    <Stack direction="row" spacing={1}>
      {record.next_statuses.map((status) => (
        <Button key={status} size="small" variant={status === 'cancelled' ? 'outlined' : 'contained'} disabled={change.isPending} onClick={() => change.mutate(status)}>
          {ACTIONS[status]}
        </Button>
      ))}
    </Stack>
  );
}

function BookRequestShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <StatusActions />
        <TextField source="book_topic" label="Topic" />
        <SelectField source="status" choices={statusChoices} />
        <FunctionField label="Deadline" render={(record: BookRequestAdminView) => <Deadline request={record} />} />
        <TextField source="name" />
        <TextField source="email" />
        <FunctionField source="book_style" label="Style" render={(record: BookRequestAdminView) => (record.book_style ? styleLabel(record.book_style) : '—')} />
        <TextField source="book_description" label="Description" />
        <TextField source="additional_notes" label="Notes" emptyText="—" />
        <DateField source="created_at" label="Submitted" showTime />
        <DateField source="respond_by" label="Answer due" showTime emptyText="—" />
        <WideTable label="Timeline table">
          <ArrayField source="status_history" label="Timeline">
            <Datagrid bulkActionButtons={false} rowClick={false}>
              <SelectField source="status" choices={statusChoices} sortable={false} />
              <TextField source="by" sortable={false} />
              <DateField source="at" label="When" showTime sortable={false} />
            </Datagrid>
          </ArrayField>
        </WideTable>
        <TextField source="id" />
        <TextField source="user_id" label="Account" />
      </SimpleShowLayout>
    </Show>
  );
}

/** Read-only apart from the status buttons, which go through the request's workflow. */
export const bookRequests = {
  list: BookRequestList,
  show: BookRequestShow,
  icon: AssignmentIcon,
  recordRepresentation: 'book_topic',
  options: { label: 'Book requests' },
};
