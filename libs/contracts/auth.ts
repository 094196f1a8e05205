import type { Role } from '../domain/index.ts';

/** The public shape of a user, as GET /api/auth/user and sessions return it. */
export interface UserView {
  id: string;
  email: string | null;
  phone: string | null;
  role: Role;
  email_confirmed: boolean;
  /** An e-mail change waiting for its confirmation link to be followed. */
  new_email: string | null;
  app_metadata: { provider: string; providers: string[] };
  created_at: string;
  updated_at: string;
  /** Present while the account's password is one someone else chose (npm run create-admin): the back office asks for a new one first. */
  password_change_required?: true;
}

/** The spec's auth session: what POST /api/auth/signup and /token answer. */
export interface SessionView {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: 'bearer';
  user: UserView;
}
