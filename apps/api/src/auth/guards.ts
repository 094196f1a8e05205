import { ForbiddenException, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { AuthMessages, type Role } from '../../../../libs/domain/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { IS_OPTIONAL, IS_PUBLIC, ROLES_KEY, VERIFIED_EMAIL } from '../common/auth.decorators.ts';

/** Every route needs a valid access token unless it is marked @Public(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const optional = this.reflector.getAllAndOverride<boolean>(IS_OPTIONAL, targets);
    if (optional && !context.switchToHttp().getRequest<Request>().headers.authorization) return true;
    return super.canActivate(context);
  }

  override handleRequest<T>(error: unknown, user: T, _info: unknown, context: ExecutionContext): T {
    if (error instanceof UnauthorizedException) throw error;
    if (error || !user) {
      const hasToken = /^Bearer\s+\S/i.test(context.switchToHttp().getRequest<Request>().headers.authorization ?? '');
      throw new UnauthorizedException(hasToken ? AuthMessages.invalidToken : AuthMessages.sessionMissing);
    }
    return user;
  }
}

@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]);
    if (!roles?.length) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user || !roles.includes(user.role)) throw new ForbiddenException(AuthMessages.forbidden);
    if (user.passwordChangeRequired) throw new ForbiddenException(AuthMessages.passwordChangeRequired);
    return true;
  }
}

/** Routes marked @VerifiedEmailRequired() refuse a signed-in caller whose e-mail is not confirmed (403). */
@Injectable()
export class VerifiedEmailGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.reflector.getAllAndOverride<boolean>(VERIFIED_EMAIL, [context.getHandler(), context.getClass()])) return true;
    const caller = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (caller && !caller.emailVerified) throw new ForbiddenException(AuthMessages.verifiedEmailRequired);
    return true;
  }
}
