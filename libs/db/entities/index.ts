import { BookRequest } from './book-request.ts';
import { HealthCanary } from './health-canary.ts';
import { Profile } from './profile.ts';
import { AuthSession, RefreshToken } from './session.ts';
import { User } from './user.ts';

export { AuthSession, BookRequest, HealthCanary, Profile, RefreshToken, User };
export const entities = [HealthCanary, User, Profile, AuthSession, RefreshToken, BookRequest];
