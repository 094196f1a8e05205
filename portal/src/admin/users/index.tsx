import PeopleIcon from '@mui/icons-material/People';
import {
  BooleanField,
  Datagrid,
  DateField,
  Edit,
  EditButton,
  List,
  NumberField,
  SaveButton,
  SearchInput,
  SelectField,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  Toolbar,
  useGetIdentity,
  usePermissions,
  useRecordContext,
} from 'react-admin';
import { WideTable } from '../WideTable.tsx';
import { DEFAULT_TEAM_DISPLAY_NAME, ROLES, TEAM_DISPLAY_NAME_MAX_LENGTH, TeamMessages } from '../../../../libs/domain/index.ts';

const roleChoices = ROLES.map((id) => ({ id, name: id.replace('_', ' ') }));
const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search e-mail or name" />, <SelectInput key="role" source="role" choices={roleChoices} />];

function UserList() {
  const { permissions } = usePermissions<string>();
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }}>
      <WideTable label="Users table">
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="email" />
          <TextField source="full_name" label="Name" />
          <SelectField source="role" choices={roleChoices} />
          <TextField source="subscription_status" label="Subscription" sortable={false} />
          <NumberField source="books_generated" label="Books" />
          <NumberField source="total_cost" label="AI cost" options={{ style: 'currency', currency: 'USD' }} />
          <DateField source="created_at" label="Joined" />
          {permissions === 'admin' && <EditButton label="Change role or name" />}
        </Datagrid>
      </WideTable>
    </List>
  );
}

function UserShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="email" />
        <TextField source="full_name" label="Name" emptyText="—" />
        <TextField source="phone" emptyText="—" />
        <SelectField source="role" choices={roleChoices} />
        <TextField source="public_name" label="Authors see (on the team)" />
        <TextField source="auth_provider" label="Signs in with" />
        <TextField source="subscription_status" label="Subscription" />
        <NumberField source="books_generated" />
        <NumberField source="total_api_calls" label="AI calls" />
        <NumberField source="total_cost" label="AI cost" options={{ style: 'currency', currency: 'USD' }} />
        <BooleanField source="onboarding_completed" />
        <BooleanField source="marketing_emails_enabled" />
        <DateField source="created_at" showTime />
        <DateField source="updated_at" showTime />
      </SimpleShowLayout>
    </Show>
  );
}

/** The role, which an admin may change for anyone but themselves (the server refuses that too). */
function RoleInput() {
  const record = useRecordContext<{ id: string }>();
  const { identity } = useGetIdentity();
  const own = record !== undefined && identity !== undefined && record.id === identity.id;
  return <SelectInput source="role" choices={roleChoices} disabled={own} helperText={own ? TeamMessages.ownRole : false} />;
}

/** Admins change a user's role, and the name authors see of a team member, here; the server refuses anyone else. */
function UserEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm toolbar={<Toolbar><SaveButton /></Toolbar>}>
        <TextField source="email" />
        <RoleInput />
        <TextInput
          source="display_name"
          label="Display name authors see"
          helperText={`Never their address. Empty: "${DEFAULT_TEAM_DISPLAY_NAME}".`}
          parse={(value: string) => value || null}
          slotProps={{ htmlInput: { maxLength: TEAM_DISPLAY_NAME_MAX_LENGTH } }}
        />
      </SimpleForm>
    </Edit>
  );
}

export const users = {
  list: UserList,
  show: UserShow,
  edit: UserEdit,
  icon: PeopleIcon,
  recordRepresentation: 'email',
};
