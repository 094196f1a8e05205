import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useId, useState, type ReactElement, type ReactNode } from 'react';
import {
  ArrayInput,
  FileField,
  FileInput,
  Form,
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useNotify,
  useRecordContext,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { EliteRequestAdminView, SendEliteQuoteRequest } from '../../../../libs/contracts/index.ts';
import {
  ELITE_INCLUDES,
  ELITE_LIMITS,
  ELITE_MANUSCRIPT_MAX_BYTES,
  ELITE_MANUSCRIPT_TYPES,
  ELITE_QUOTE_AMOUNT,
  ELITE_QUOTE_COPIES,
  ELITE_STEP_LABELS,
  EliteMessages,
  eliteOptionLabel,
  OFFERED_SHIPPING,
  PRINT_PRODUCTS,
  productsForBook,
  type EliteAction,
  type EliteStep,
} from '../../../../libs/domain/index.ts';
import { addressLines } from '../../components/printFlow.ts';
import { useWorkflowAction } from '../useWorkflowAction.ts';
import { useTeamChoices } from './team.ts';

/** One call to the request's dedicated endpoint: its path under /api/admin/elite-requests/:id and its body. */
interface EliteCall {
  path: string;
  body?: object | FormData;
}

const shippingChoices = OFFERED_SHIPPING.map((o) => ({ id: o.level, name: `${o.label} (${o.days})` }));
const wholeNumber = (value: unknown) => (value === null || value === undefined || value === '' || Number.isInteger(Number(value)) ? undefined : 'Must be a whole number');
const note = <TextInput source="note" label="Note (optional)" multiline minRows={2} fullWidth validate={maxLength(ELITE_LIMITS.note)} />;
/** A note field left empty is not sent. */
const withNote = (values: FieldValues) => (typeof values.note === 'string' && values.note.trim() ? { note: values.note.trim() } : {});
const stepName = (step: EliteStep) => ELITE_STEP_LABELS[step].toLowerCase();

/**
 * A button that opens a dialog; submitting it sends the call, and the dialog closes once the workflow has done it
 * (saying "Working…" while the workflow carries out an action it took). A refusal leaves the dialog open and shows the
 * workflow's reason (useWorkflowAction).
 */
function ActionDialog({
  label,
  title,
  done,
  toCall,
  defaultValues,
  variant = 'contained',
  children,
}: {
  label: string;
  title: string;
  done: string;
  toCall: (values: FieldValues) => EliteCall;
  defaultValues?: FieldValues;
  variant?: 'contained' | 'outlined';
  children?: ReactNode;
}) {
  const record = useRecordContext<EliteRequestAdminView>();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const run = useWorkflowAction((dataProvider, call: EliteCall, key) => dataProvider.actOnEliteRequest(String(record?.id), call.path, call.body, key), () => done, 'elite-requests');
  return (
    <>
      <Button size="small" variant={variant ?? 'text'} disabled={run.isPending} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onClose={() => !run.isPending && setOpen(false)} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        {/* record={{}}: the form starts from its own defaults, not from the request shown around it. */}
        <Form record={{}} defaultValues={defaultValues} onSubmit={(values: FieldValues) => run.mutate(toCall(values), { onSuccess: () => setOpen(false) })}>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent>
            <Stack spacing={1} sx={{ pt: 1 }}>
              {children}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button size="small" disabled={run.isPending} onClick={() => setOpen(false)}>
              Close
            </Button>
            <Button size="small" type="submit" variant="contained" disabled={run.isPending}>
              {run.working ? 'Working…' : run.isPending ? 'Sending…' : label}
            </Button>
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}

function AssignAction({ request }: { request: EliteRequestAdminView }) {
  const { choices, isPending } = useTeamChoices();
  return (
    <ActionDialog
      label={request.assignee ? 'Reassign' : 'Assign'}
      title="Assign the request"
      done="Request assigned"
      defaultValues={{ assignee_id: request.assignee?.id ?? '' }}
      toCall={(values) => ({ path: 'assign', body: { assignee_id: String(values.assignee_id) } })}
      variant="outlined"
    >
      <SelectInput source="assignee_id" label="Team member" choices={choices} isPending={isPending} validate={required()} fullWidth />
    </ActionDialog>
  );
}

/** The lower bound of the copies the author asked for ('10-25' → 10), to start the quote from. */
const askedCopies = (request: EliteRequestAdminView) => request.copies ?? (Number.parseInt(request.print_quantity ?? '', 10) || undefined);

function QuoteAction({ request }: { request: EliteRequestAdminView }) {
  const item = [required(), maxLength(ELITE_LIMITS.quoteItem)];
  return (
    <ActionDialog
      label={request.quote ? 'Send a new quote' : 'Send quote'}
      title="Send a quote"
      done="Quote sent to the author"
      defaultValues={{
        amount: undefined,
        copies: askedCopies(request),
        timeline: request.preferred_timeline ? eliteOptionLabel('preferred_timeline', request.preferred_timeline) : '',
        includes: [...ELITE_INCLUDES],
        message: '',
      }}
      toCall={(values) => {
        const body: SendEliteQuoteRequest = {
          amount: Number(values.amount),
          copies: Number(values.copies),
          timeline: String(values.timeline).trim(),
          includes: ((values.includes ?? []) as string[]).map((s) => s.trim()).filter(Boolean),
          message: String(values.message).trim(),
        };
        return { path: 'quote', body };
      }}
    >
      {request.quote && <Alert severity="info">The quote now open is replaced by this one.</Alert>}
      <NumberInput source="amount" label="Amount (USD)" min={ELITE_QUOTE_AMOUNT.min} max={ELITE_QUOTE_AMOUNT.max} validate={[required(), minValue(ELITE_QUOTE_AMOUNT.min), maxValue(ELITE_QUOTE_AMOUNT.max)]} />
      <NumberInput source="copies" label="Copies" min={ELITE_QUOTE_COPIES.min} max={ELITE_QUOTE_COPIES.max} step={1} validate={[required(), wholeNumber, minValue(ELITE_QUOTE_COPIES.min), maxValue(ELITE_QUOTE_COPIES.max)]} />
      <TextInput source="timeline" label="Timeline" fullWidth validate={[required(), maxLength(ELITE_LIMITS.quoteText)]} />
      <ArrayInput source="includes" label="What is included" validate={maxLength(ELITE_LIMITS.quoteItems)}>
        <SimpleFormIterator disableReordering disableClear inline>
          <TextInput source="" label="Item" helperText={false} validate={item} sx={{ minWidth: 360 }} />
        </SimpleFormIterator>
      </ArrayInput>
      <TextInput source="message" label="Message to the author" multiline minRows={3} fullWidth validate={[required(), maxLength(ELITE_LIMITS.quoteText)]} />
    </ActionDialog>
  );
}

function StepAction({ step, action }: { step: EliteStep; action: 'start' | 'finish' }) {
  const label = `${action === 'start' ? 'Start' : 'Finish'} ${stepName(step)}`;
  return (
    <ActionDialog label={label} title={label} done={`${ELITE_STEP_LABELS[step]} ${action === 'start' ? 'started' : 'finished'}`} toCall={(values) => ({ path: `steps/${step}/${action}`, body: withNote(values) })}>
      <DialogContentText>The author sees this step on their timeline.</DialogContentText>
      {note}
    </ActionDialog>
  );
}

function RevisionAction() {
  const notify = useNotify();
  return (
    <ActionDialog
      label="Upload revision"
      title="Upload a revised manuscript"
      done="Revision uploaded: the book is being rebuilt"
      toCall={(values) => {
        const form = new FormData();
        form.append('manuscript', (values.manuscript as { rawFile: File }).rawFile);
        return { path: 'revision', body: form };
      }}
    >
      <DialogContentText>
        A Markdown or text file ({ELITE_MANUSCRIPT_TYPES.join(', ')}), each chapter starting with a &quot;# &quot; heading. It becomes the book&apos;s new chapters, and
        the book is rebuilt.
      </DialogContentText>
      <FileInput
        source="manuscript"
        label="Revised manuscript"
        accept={{ 'text/plain': [...ELITE_MANUSCRIPT_TYPES] }}
        maxSize={ELITE_MANUSCRIPT_MAX_BYTES}
        validate={required()}
        options={{
          onDropRejected: (rejections) =>
            notify(rejections[0]?.errors.some((e) => e.code === 'file-too-large') ? EliteMessages.manuscriptSize : EliteMessages.manuscriptType, { type: 'error' }),
        }}
      >
        <FileField source="src" title="title" />
      </FileInput>
    </ActionDialog>
  );
}

function ProofAction({ request }: { request: EliteRequestAdminView }) {
  return (
    <ActionDialog label="Send proof" title={`Send proof round ${request.proofs.length + 1}`} done="Proof sent to the author" toCall={(values) => ({ path: 'proof', body: withNote(values) })}>
      <DialogContentText>The book&apos;s current PDF and cover go to the author, who approves them or asks for changes.</DialogContentText>
      {note}
    </ActionDialog>
  );
}

function PrintingAction({ request }: { request: EliteRequestAdminView }) {
  // The products of the book's trim: black and white on its paper first, then colour.
  const products = productsForBook(PRINT_PRODUCTS, { trimSize: request.book?.trim_size, paper: request.book?.paper });
  const productChoices = products.map((p) => ({ id: p.spec.pod_package_id, name: p.spec.name }));
  return (
    <ActionDialog
      label="Start printing"
      title="Order the printed copies"
      done="Printing started"
      defaultValues={{ pod_package_id: products[0]?.spec.pod_package_id, shipping_level: OFFERED_SHIPPING[0].level }}
      toCall={(values) => ({ path: 'printing', body: { pod_package_id: values.pod_package_id, shipping_level: values.shipping_level } })}
    >
      <DialogContentText>
        {request.copies ?? '?'} copies, already paid, shipped to {request.shipping_address ? addressLines(request.shipping_address).join(', ') : 'the address the author gave'}.
      </DialogContentText>
      <SelectInput source="pod_package_id" label="Product" choices={productChoices} validate={required()} fullWidth />
      <SelectInput source="shipping_level" label="Shipping" choices={shippingChoices} validate={required()} fullWidth />
    </ActionDialog>
  );
}

function CancelAction() {
  return (
    <ActionDialog label="Cancel request" title="Cancel the request" done="Request cancelled" variant="outlined" toCall={(values) => ({ path: 'cancel', body: { reason: String(values.reason).trim() } })}>
      <DialogContentText>The author is told, with the reason.</DialogContentText>
      <TextInput source="reason" label="Reason" multiline minRows={2} fullWidth validate={[required(), maxLength(ELITE_LIMITS.reason)]} />
    </ActionDialog>
  );
}

function CompleteAction() {
  return (
    <ActionDialog label="Complete" title="Complete the request" done="Request completed" toCall={() => ({ path: 'complete' })}>
      <DialogContentText>The books are delivered: close the request now rather than when its time runs out.</DialogContentText>
    </ActionDialog>
  );
}

/** The team's button for one action the request allows now, or null (the author's actions have none here). */
function actionButton(action: EliteAction, request: EliteRequestAdminView): ReactElement | null {
  switch (action) {
    case 'assign':
      return <AssignAction request={request} />;
    case 'send_quote':
      return <QuoteAction request={request} />;
    case 'start_step':
      return request.step ? <StepAction step={request.step} action="start" /> : null;
    case 'finish_step':
      return request.step ? <StepAction step={request.step} action="finish" /> : null;
    case 'upload_revision':
      return <RevisionAction />;
    case 'send_proof':
      return <ProofAction request={request} />;
    case 'start_printing':
      return <PrintingAction request={request} />;
    case 'cancel':
      return <CancelAction />;
    case 'complete':
      return <CompleteAction />;
    default:
      return null;
  }
}

/**
 * The actions the request's state allows (the view's `actions`, decided by the same rule as the workflow's), each a
 * button calling its own endpoint. The status is never edited by hand.
 */
export function EliteActions() {
  const request = useRecordContext<EliteRequestAdminView>();
  if (!request) return null;
  const buttons = request.actions.map((action) => [action, actionButton(action, request)] as const).filter(([, button]) => button !== null);
  if (!buttons.length) return <Alert severity="info">Nothing for the team to do now.</Alert>;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {buttons.map(([action, button]) => (
        <span key={action}>{button}</span>
      ))}
    </Stack>
  );
}
