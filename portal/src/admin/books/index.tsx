import MenuBookIcon from '@mui/icons-material/MenuBook';
import { Alert, Link as MuiLink, Stack, Typography } from '@mui/material';
import {
  Datagrid,
  DateField,
  FunctionField,
  Labeled,
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
import type { AdminBookView } from '../../../../libs/contracts/index.ts';
import { BOOK_FILES, downloadName, ONE_SHOT_STAGES, PROVIDER_IDS, PROVIDERS, type BookFileKind } from '../../../../libs/domain/index.ts';
import { AuthorizedImage, DownloadButton } from '../files.tsx';

const stageChoices = [...ONE_SHOT_STAGES, 'failed', 'cancelled'].map((id) => ({ id, name: id.replaceAll('_', ' ') }));
const providerChoices = PROVIDER_IDS.map((id) => ({ id, name: PROVIDERS[id].displayName }));
const costOptions = { style: 'currency', currency: 'USD', maximumFractionDigits: 4 } as const;

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search title, author or e-mail" />,
  <SelectInput key="stage" source="stage" choices={stageChoices} />,
  <NullableBooleanInput key="failed" source="failed" label="Failed" />,
  <SelectInput key="provider" source="provider" choices={providerChoices} />,
];

type BookFile = AdminBookView['files'][number];
/** The API's file kinds, as the portal's download names know them. */
const fileKind = (kind: BookFile['kind']): BookFileKind => (kind === 'cover' ? 'cover-pdf' : kind);
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;

function BookFileButton({ book, file }: { book: AdminBookView; file: BookFile }) {
  const kind = fileKind(file.kind);
  return <DownloadButton url={file.url} filename={downloadName(book.title, kind)} label={file.size ? `${BOOK_FILES[kind].label} (${megabytes(file.size)})` : BOOK_FILES[kind].label} />;
}

/** The book at a glance: its PDF (download and first page) and its cover, for a request's page and the book's. */
export function BookMedia({ book }: { book: AdminBookView }) {
  const pdf = book.files.find((f) => f.kind === 'pdf');
  const cover = book.files.find((f) => f.kind === 'cover-png');
  const firstPage = book.preview_urls[0];
  if (!pdf && !cover && !firstPage) return <Typography variant="body2">No PDF or cover yet ({book.stage.replaceAll('_', ' ')}).</Typography>;
  return (
    <Stack direction="row" spacing={3} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
      {(pdf || firstPage) && (
        <Stack spacing={1}>
          {firstPage && <AuthorizedImage src={firstPage} alt={`${book.title}: first page`} />}
          {pdf && <BookFileButton book={book} file={pdf} />}
        </Stack>
      )}
      {cover && <AuthorizedImage src={cover.url} alt={`${book.title}: cover`} />}
    </Stack>
  );
}

/** Where the book's runs are in the Temporal UI (book-… for the writing, package-…-n for each build). */
export function RunLinks({ workflows }: { workflows: { id: string; url: string }[] }) {
  if (!workflows.length) return <Typography variant="body2">—</Typography>;
  return (
    <Stack spacing={0.5}>
      {workflows.map((w) => (
        <MuiLink key={w.id} href={w.url} target="_blank" rel="noreferrer">
          Open {w.id} in Temporal UI
        </MuiLink>
      ))}
    </Stack>
  );
}

function BookList() {
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }}>
      <WideTable label="Books table">
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="title" />
          <TextField source="user_email" label="Author e-mail" emptyText="signed out" sortable={false} />
          <SelectField source="provider" choices={providerChoices} sortable={false} />
          <SelectField source="stage" choices={stageChoices} />
          <SelectField source="failed_stage" label="Failed at" choices={stageChoices} emptyText="" sortable={false} />
          <NumberField source="cost_usd" label="Cost" options={costOptions} />
          <NumberField source="page_count" label="Pages" emptyText="—" />
          <DateField source="created_at" label="Created" showTime />
        </Datagrid>
      </WideTable>
    </List>
  );
}

function Failure() {
  const book = useRecordContext<AdminBookView>();
  if (!book?.error && !book?.failed_stage) return null;
  return (
    <Alert severity="error">
      {book.failed_stage ? `Failed at ${book.failed_stage.replaceAll('_', ' ')}` : 'Failed'}
      {book.error ? `: ${book.error}` : ''}
    </Alert>
  );
}

function Files() {
  const book = useRecordContext<AdminBookView>();
  if (!book) return null;
  const cover = book.files.find((f) => f.kind === 'cover-png');
  return (
    <Stack spacing={2}>
      <Labeled label="Files">
        {book.files.length ? (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {book.files.map((file) => <BookFileButton key={file.kind} book={book} file={file} />)}
          </Stack>
        ) : (
          <Typography variant="body2">None yet</Typography>
        )}
      </Labeled>
      <Labeled label="Previews">
        {book.preview_urls.length || cover ? (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {cover && <AuthorizedImage src={cover.url} alt="Cover" width={140} />}
            {book.preview_urls.map((url, n) => <AuthorizedImage key={url} src={url} alt={`Page ${n + 1}`} width={140} />)}
          </Stack>
        ) : (
          <Typography variant="body2">None yet</Typography>
        )}
      </Labeled>
    </Stack>
  );
}

function BookShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <Failure />
        <TextField source="title" />
        <TextField source="author" />
        <ReferenceField source="user_id" reference="users" label="Account" link="show" emptyText="signed out" />
        <SelectField source="provider" choices={providerChoices} />
        <TextField source="mode" />
        <SelectField source="stage" choices={stageChoices} />
        <SelectField source="failed_stage" label="Failed at" choices={stageChoices} emptyText="—" />
        <TextField source="error" emptyText="—" />
        <NumberField source="cost_usd" label="Cost" options={costOptions} />
        <NumberField source="provider_calls" label="AI calls" />
        <NumberField source="page_count" label="Pages" emptyText="—" />
        <NumberField source="word_count" label="Words" />
        <TextField source="build_status" label="Build" emptyText="—" />
        <NumberField source="package_runs" label="Package runs" />
        <Files />
        <FunctionField label="Runs" render={(book: AdminBookView) => <RunLinks workflows={book.workflows} />} />
        <TextField source="id" label="Generator project" />
        <TextField source="book_project_id" label="Saved book" emptyText="— (not saved)" />
        <DateField source="created_at" label="Created" showTime />
        <DateField source="updated_at" label="Updated" showTime />
      </SimpleShowLayout>
    </Show>
  );
}

/** Read-only: every author's books and generator runs, to work a request's book and explain a failure. */
export const books = {
  list: BookList,
  show: BookShow,
  icon: MenuBookIcon,
  recordRepresentation: 'title',
};
