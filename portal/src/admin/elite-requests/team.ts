import { useGetList } from 'react-admin';
import type { ProfileView } from '../../../../libs/contracts/index.ts';
import type { Role } from '../../../../libs/domain/index.ts';

const byEmail = { pagination: { page: 1, perPage: 200 }, sort: { field: 'email', order: 'ASC' as const } };
const withRole = (role: Role) => ({ ...byEmail, filter: { role } });

/** The people a request can be assigned to (the Elite team and admins), as choices for a select. */
export function useTeamChoices(): { choices: { id: string; name: string }[]; isPending: boolean } {
  // The users resource filters by one role at a time.
  const team = useGetList<ProfileView>('users', withRole('elite_team'));
  const admins = useGetList<ProfileView>('users', withRole('admin'));
  const people = [...(team.data ?? []), ...(admins.data ?? [])];
  return {
    choices: people.map((p) => ({ id: p.id, name: `${p.email ?? p.id} (${p.role.replace('_', ' ')})` })),
    isPending: team.isPending || admins.isPending,
  };
}
