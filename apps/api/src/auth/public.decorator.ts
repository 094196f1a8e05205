import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Role } from '../../../../libs/domain/index.ts';
import type { AuthUser } from './auth.types.ts';

export const IS_PUBLIC = 'isPublic';
/** Marks a route that needs no signed-in caller (every other route does). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const ROLES_KEY = 'roles';
/** Limits a route to these roles, checked on the server against the caller's current role. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** The signed-in caller. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
