import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Role } from '../../../../libs/domain/index.ts';
import type { AuthUser } from './auth.types.ts';

export const IS_PUBLIC = 'isPublic';
/** Marks a route that needs no signed-in caller (every other route does). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const IS_OPTIONAL = 'authOptional';
/** Open to everyone; a caller who sends a token is identified (and a bad token is still refused). */
export const OptionalAuth = () => SetMetadata(IS_OPTIONAL, true);

export const ROLES_KEY = 'roles';
/** Limits a route to these roles, checked on the server against the caller's current role. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

export const VERIFIED_EMAIL = 'verifiedEmail';
/** Buying and ordering prints: a signed-in caller must have confirmed their e-mail (a signed-out one is let through to the route's own rules). */
export const VerifiedEmailRequired = () => SetMetadata(VERIFIED_EMAIL, true);

/** The signed-in caller (undefined on an @OptionalAuth() route called without a token). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
