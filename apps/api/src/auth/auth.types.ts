import type { Role } from '../../../../libs/domain/index.ts';

/** Claims of an access token. `sid` names the session (refresh-token family) it belongs to. */
export interface AccessClaims {
  sub: string;
  sid: string;
  email: string | null;
  role: Role;
  aud: 'authenticated';
}

/** Who is calling, as the guards establish it on every request. Role is read from the database, not the token. */
export interface AuthUser {
  id: string;
  sessionId: string;
  email: string | null;
  role: Role;
}

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
}

/** The spec's auth session. */
export interface SessionView {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: 'bearer';
  user: UserView;
}
