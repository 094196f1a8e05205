import type { Role } from '../domain/index.ts';
import type { ProfileView } from './profile.ts';

/** GET|PUT /api/admin/profile: the signed-in team member's own profile in the back office. */
export interface TeamProfileView {
  id: string;
  email: string | null;
  role: Role;
  /** The member's own display name, or null for the team's default. */
  display_name: string | null;
  /** What authors see of this member (libs/domain/team.ts): never their address. */
  public_name: string;
}

/** PUT /api/admin/profile, and an admin's PUT /api/admin/users/{id}: null returns to the team's default name. */
export interface TeamDisplayNameUpdate {
  display_name: string | null;
}

/** GET /api/admin/users(/:id): a user's profile with the name authors see when they work on the team. */
export interface AdminUserView extends ProfileView {
  display_name: string | null;
  public_name: string;
}
