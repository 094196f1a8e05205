import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { Alert, Box, Chip, Divider, Link as MuiLink, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  ArrayField,
  BooleanInput,
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
  useGetList,
  useRecordContext,
} from 'react-admin';
import type { AdminBookView, EliteEventView, ElitePromiseView, EliteProofView, EliteQuoteView, EliteRequestAdminView, PaymentView } from '../../../../libs/contracts/index.ts';
import {
  ELITE_FEE,
  ELITE_STATUS_LABELS,
  ELITE_STATUSES,
  ELITE_STEP_LABELS,
  ELITE_STEPS,
  eliteOptionLabel,
  formatAmount,
} from '../../../../libs/domain/index.ts';
import { addressLines } from '../../components/printFlow.ts';
import { BookMedia } from '../books/index.tsx';
import { DownloadButton } from '../files.tsx';
import { ShowLink } from '../ShowLink.tsx';
import { WideTable } from '../WideTable.tsx';
import { EliteActions } from './actions.tsx';
import { CorrectAddressAction } from '../CorrectAddressAction.tsx';
import { EliteDesk } from './desk/EliteDesk.tsx';
import { ManuscriptNotes } from './manuscript-notes/ManuscriptNotes.tsx';
import { eventChoices } from './events.ts';
import { useTeamChoices } from './team.ts';

type Request = EliteRequestAdminView;
type Revision = Request['revisions'][number];

const statusChoices = ELITE_STATUSES.map((id) => ({ id, name: ELITE_STATUS_LABELS[id] }));
const stepChoices = ELITE_STEPS.map((id) => ({ id, name: ELITE_STEP_LABELS[id] }));

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** The assignee filter: a member of the team, or nobody yet. */
function AssigneeInput({ source, label }: { source: string; label: string }) {
  const { choices, isPending } = useTeamChoices();
  return <SelectInput source={source} label={label} choices={[{ id: 'none', name: 'Unassigned' }, ...choices]} isPending={isPending} />;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search topic, name, e-mail or id" />,
  <SelectInput key="status" source="status" choices={statusChoices} />,
  <AssigneeInput key="assignee_id" source="assignee_id" label="Assignee" />,
  <NullableBooleanInput key="sla_breached" source="sla_breached" label="SLA breached" />,
  <BooleanInput key="due_soon" source="due_soon" label="Due within 24 hours" defaultValue />,
];

/** "Editing (started)", "Proof: with the author"… or — before production. */
function stepText(request: Pick<Request, 'step' | 'step_started' | 'proof_state'>): string {
  if (!request.step) return '—';
  const label = ELITE_STEP_LABELS[request.step];
  if (request.proof_state === 'awaiting_author') return `${label}: with the author`;
  if (request.proof_state === 'changes_requested') return `${label}: changes requested`;
  return request.step_started ? `${label} (started)` : label;
}

function SlaMarker({ request }: { request: Pick<Request, 'sla_breached'> }) {
  return request.sla_breached ? <Chip label="SLA breached" color="error" size="small" /> : null;
}

function EliteRequestList() {
  return (
    <List filters={filters} sort={{ field: 'due_at', order: 'ASC' }}>
      <WideTable label="Elite requests table">
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="topic" sortable={false} />
          <TextField source="user_email" label="Author e-mail" sortable={false} />
          <SelectField source="status" choices={statusChoices} />
          <FunctionField label="Step" render={(r: Request) => stepText(r)} />
          <TextField source="assignee.email" label="Assignee" emptyText="Unassigned" sortable={false} />
          <DateField source="due_at" label="Due" showTime emptyText="—" />
          <FunctionField source="sla_breached" label="SLA" sortable={false} render={(r: Request) => <SlaMarker request={r} />} />
          <DateField source="created_at" label="Received" showTime />
        </Datagrid>
      </WideTable>
    </List>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Divider sx={{ mb: 1 }} />
      {children}
    </Box>
  );
}

/** The request's book as the books resource has it (found among its author's books): files, previews and a link. */
function RequestBook({ request }: { request: Request }) {
  const book = request.book;
  const { data, isPending, error } = useGetList<AdminBookView>(
    'books',
    { filter: { user_id: request.user_id }, pagination: { page: 1, perPage: 200 }, sort: { field: 'created_at', order: 'DESC' } },
    { enabled: book !== null },
  );
  if (!book) return <Typography variant="body2">No book yet: a request paid up front gets one from its first revised manuscript.</Typography>;
  const adminBook = data?.find((b) => b.book_project_id === book.id);
  return (
    <Stack spacing={1}>
      <Typography>
        <strong>{book.title}</strong> by {book.author}
        {adminBook && (
          <>
            {' · '}
            <ShowLink resource="books" id={adminBook.id}>Open in Books</ShowLink> ({adminBook.stage.replaceAll('_', ' ')}
            {adminBook.page_count ? `, ${adminBook.page_count} pages` : ''})
          </>
        )}
      </Typography>
      {isPending ? <Skeleton variant="rectangular" width={180} height={250} /> : error ? <Alert severity="warning">{error.message}</Alert> : adminBook ? <BookMedia book={adminBook} /> : <Typography variant="body2">The book&apos;s files were not found.</Typography>}
    </Stack>
  );
}

function promiseStanding(promise: ElitePromiseView): ReactNode {
  if (promise.met_at) return promise.breached_at ? <Chip size="small" color="warning" label="Met late" /> : <Chip size="small" color="success" label="Met" />;
  if (promise.breached_at) return <Chip size="small" color="error" label="Breached" />;
  return <Chip size="small" variant="outlined" label="Due" />;
}

function PrintOrder({ request }: { request: Request }) {
  const order = request.print_order;
  if (!order) return <Typography variant="body2">No print order yet.</Typography>;
  return (
    <Stack spacing={0.5}>
      <ShowLink resource="print-orders" id={order.id}>
        Print order: {order.order_status.replaceAll('_', ' ')} · {order.quantity} copies
      </ShowLink>
      <Typography variant="body2">
        Tracking: {[order.tracking_id, order.carrier_name].filter(Boolean).join(' · ') || '—'}
        {order.shipped_at ? ` · shipped ${when(order.shipped_at)}` : ''}
      </Typography>
      {order.tracking_urls.map((url) => (
        <MuiLink key={url} href={url} target="_blank" rel="noreferrer">
          {url}
        </MuiLink>
      ))}
    </Stack>
  );
}

function QuoteIncludes({ quote }: { quote: EliteQuoteView }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {quote.includes.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </Box>
  );
}

function ProofFiles({ proof }: { proof: EliteProofView }) {
  return (
    <Stack direction="row" spacing={1}>
      <DownloadButton url={proof.pdf_url} filename={`proof-${proof.round}-book.pdf`} label="PDF" />
      <DownloadButton url={proof.cover_url} filename={`proof-${proof.round}-cover.pdf`} label="Cover" />
    </Stack>
  );
}

function EliteRequestPage() {
  const request = useRecordContext<Request>();
  if (!request) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h1">
          {request.topic}
        </Typography>
        <Chip label={request.status_label} color={request.status === 'cancelled' || request.status === 'expired' || request.status === 'declined' ? 'default' : 'primary'} />
        <SlaMarker request={request} />
        <MuiLink href={request.workflow.url} target="_blank" rel="noreferrer">
          Open run in Temporal UI
        </MuiLink>
      </Stack>
      <Box sx={{ mt: 2 }}>
        <EliteActions />
      </Box>
      <Box sx={{ mt: 1 }}>
        <CorrectAddressAction resource="elite-requests" />
      </Box>
      {request.cancel_reason && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          Cancelled: {request.cancel_reason}
        </Alert>
      )}

      {/* The request, its author and the book side by side on a wide screen. */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, minmax(0, 1fr))' }, columnGap: 4 }}>
        <Section title="Request">
          <SimpleShowLayout sx={{ p: 0 }}>
            <SelectField source="status" choices={statusChoices} />
            <FunctionField label="Step" render={(r: Request) => stepText(r)} />
            <TextField source="assignee.email" label="Assignee" emptyText="Unassigned" />
            <DateField source="due_at" label="Next promise due" showTime emptyText="—" />
            <FunctionField label="Paid up front" render={(r: Request) => (r.prepaid ? `Yes (Elite Service offer, ${ELITE_FEE} USD)` : 'No')} />
            <NumberField source="copies" emptyText="—" />
            <FunctionField label="Preferred timeline" render={(r: Request) => (r.preferred_timeline ? eliteOptionLabel('preferred_timeline', r.preferred_timeline) : '—')} />
            <FunctionField label="Print quantity" render={(r: Request) => (r.print_quantity ? eliteOptionLabel('print_quantity', r.print_quantity) : '—')} />
            <FunctionField label="Budget" render={(r: Request) => (r.budget_range ? eliteOptionLabel('budget_range', r.budget_range) : '—')} />
            <TextField source="additional_requirements" label="Additional requirements" emptyText="—" />
            <FunctionField label="Ship to" render={(r: Request) => (r.shipping_address ? addressLines(r.shipping_address).join(' · ') : '—')} />
            <DateField source="created_at" label="Received" showTime />
            <DateField source="updated_at" label="Updated" showTime />
            <TextField source="id" label="Request id" />
            <TextField source="workflow.id" label="Workflow" />
          </SimpleShowLayout>
        </Section>

        <Section title="Author">
          <SimpleShowLayout sx={{ p: 0 }}>
            <TextField source="user_name" label="Name" />
            <TextField source="user_email" label="E-mail" />
            <TextField source="user_phone" label="Phone" emptyText="—" />
            <FunctionField label="Contact by" render={(r: Request) => eliteOptionLabel('contact_method', r.contact_method)} />
            <ReferenceField source="user_id" reference="users" label="Account" link="show" />
            <FunctionField label="Submitted" render={(r: Request) => `${when(r.request_data.request_date)} · PDF ${r.request_data.pdf_available ? 'available' : 'missing'} · cover ${r.request_data.cover_available ? 'available' : 'missing'}`} />
            <TextField source="request_data.book_idea" label="Book idea" emptyText="—" />
          </SimpleShowLayout>
        </Section>

        <Section title="Book">
          <RequestBook request={request} />
        </Section>
      </Box>

      <EliteDesk request={request} />
      <ManuscriptNotes request={request} />

      <Section title="Promises">
        <WideTable label="Promises table">
          <ArrayField source="promises">
            <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography variant="body2">No promise running.</Typography>}>
              <TextField source="label" label="Promise" sortable={false} />
              <DateField source="due_at" label="Due" showTime sortable={false} />
              <DateField source="met_at" label="Met" showTime emptyText="—" sortable={false} />
              <DateField source="reminded_at" label="Reminded" showTime emptyText="—" sortable={false} />
              <DateField source="breached_at" label="Breached" showTime emptyText="—" sortable={false} />
              <FunctionField label="Standing" render={promiseStanding} />
            </Datagrid>
          </ArrayField>
        </WideTable>
      </Section>

      <Section title="Timeline">
        <WideTable label="Timeline table">
          <ArrayField source="timeline">
            <Datagrid bulkActionButtons={false} rowClick={false}>
              <DateField source="at" label="When" showTime sortable={false} />
              <SelectField source="kind" label="Event" choices={eventChoices} sortable={false} />
              <SelectField source="step" choices={stepChoices} emptyText="" sortable={false} />
              <FunctionField label="By" render={(e: EliteEventView) => e.by ?? 'system'} />
              <TextField source="note" emptyText="" sortable={false} />
            </Datagrid>
          </ArrayField>
        </WideTable>
      </Section>

      <Section title="Quotes">
        <WideTable label="Quotes table">
          <ArrayField source="quotes">
            <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography variant="body2">No quote sent yet.</Typography>}>
              <DateField source="sent_at" label="Sent" showTime sortable={false} />
              <FunctionField label="Amount" render={(q: EliteQuoteView) => formatAmount(q.amount_cents, q.currency)} />
              <NumberField source="copies" sortable={false} />
              <TextField source="timeline" sortable={false} />
              <FunctionField label="Includes" render={(q: EliteQuoteView) => <QuoteIncludes quote={q} />} />
              <TextField source="message" sortable={false} />
              <TextField source="sent_by" label="By" sortable={false} />
              <DateField source="valid_until" label="Valid until" showTime sortable={false} />
              <TextField source="status" sortable={false} />
            </Datagrid>
          </ArrayField>
        </WideTable>
        {request.checkout_url && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            Awaiting the author&apos;s payment{request.pay_by ? ` until ${when(request.pay_by)}` : ''}.
          </Typography>
        )}
      </Section>

      <Section title="Payments">
        <WideTable label="Payments table">
          <ArrayField source="payments">
            <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography variant="body2">No payment yet.</Typography>}>
              <DateField source="created_at" label="Started" showTime sortable={false} />
              <TextField source="product_name" label="For" sortable={false} />
              <FunctionField label="Amount" render={(p: PaymentView) => <ShowLink resource="payments" id={p.id}>{formatAmount(p.amount, p.currency)}</ShowLink>} />
              <TextField source="status" sortable={false} />
              <DateField source="paid_at" label="Paid" showTime emptyText="—" sortable={false} />
            </Datagrid>
          </ArrayField>
        </WideTable>
      </Section>

      <Section title="Print order">
        <PrintOrder request={request} />
      </Section>

      <Section title="Proof rounds">
        <WideTable label="Proof rounds table">
          <ArrayField source="proofs">
            <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography variant="body2">No proof sent yet.</Typography>}>
              <NumberField source="round" sortable={false} />
              <DateField source="sent_at" label="Sent" showTime sortable={false} />
              <TextField source="sent_by" label="By" sortable={false} />
              <TextField source="note" emptyText="" sortable={false} />
              <FunctionField label="Files" render={(p: EliteProofView) => <ProofFiles proof={p} />} />
              <FunctionField label="Decision" render={(p: EliteProofView) => (p.decision === 'approved' ? 'Approved' : p.decision === 'changes_requested' ? 'Changes requested' : 'Awaiting the author')} />
              <TextField source="comment" emptyText="" sortable={false} />
              <DateField source="decided_at" label="Decided" showTime emptyText="—" sortable={false} />
            </Datagrid>
          </ArrayField>
        </WideTable>
      </Section>

      <Section title="Revisions">
        <WideTable label="Revisions table">
          <ArrayField source="revisions">
            <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography variant="body2">No revised manuscript yet.</Typography>}>
              <DateField source="at" label="Uploaded" showTime sortable={false} />
              <FunctionField
                label="Manuscript"
                render={(r: Revision) => <DownloadButton url={`/api/admin/elite-requests/${request.id}/revisions/${r.id}/manuscript`} filename={r.filename} label={r.filename} />}
              />
              <TextField source="by" sortable={false} />
              <NumberField source="chapters" emptyText="—" sortable={false} />
              <NumberField source="package_run" label="Package run" emptyText="—" sortable={false} />
            </Datagrid>
          </ArrayField>
        </WideTable>
      </Section>

    </Box>
  );
}

/** The page reads again every 10 s: the author, the payment and the print provider move the request too. */
function EliteRequestShow() {
  return (
    <Show queryOptions={{ refetchInterval: 10_000 }} title={<ShowTitle />}>
      <EliteRequestPage />
    </Show>
  );
}

function ShowTitle() {
  const request = useRecordContext<Request>();
  return <>Elite request{request ? `: ${request.topic}` : ''}</>;
}

/** The Elite team's work: requests move only through the buttons, which call the request's workflow. */
export const eliteRequests = {
  list: EliteRequestList,
  show: EliteRequestShow,
  icon: WorkspacePremiumIcon,
  recordRepresentation: 'topic',
  options: { label: 'Elite requests' },
};
