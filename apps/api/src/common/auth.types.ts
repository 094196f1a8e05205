import type { Role } from '../../../../libs/domain/index.ts';

export type { SessionView, UserView } from '../../../../libs/contracts/index.ts';

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
  /** The account's e-mail is confirmed (VerifiedEmailGuard), read with the session. */
  emailVerified: boolean;
  /** Signed in with a password someone else chose (npm run create-admin): no role's route answers until it is changed. */
  passwordChangeRequired?: boolean;
}
