import { createSecretKey } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { Config } from '../../../../libs/config/index.ts';
import { AuthMessages, type Role } from '../../../../libs/domain/index.ts';
import { CONFIG } from '../config/config.module.ts';
import type { AccessClaims, AuthUser } from '../common/auth.types.ts';

interface CallerRow {
  role: Role;
  email_verified: boolean;
  password_change_required: boolean;
}

/**
 * The token's session, still open, and its user's role and flags, in one round trip: every signed-in request pays
 * for it, and under load each round trip to PostgreSQL is a wait on a busy machine.
 */
const CALLER_SQL = `select p.role, u.email_verified, u.password_change_required
  from auth_sessions s join users u on u.id = s.user_id join profiles p on p.id = s.user_id
  where s.id = ? and s.user_id = ? and s.revoked_at is null`;

/** Bearer access tokens: HS256 only, audience "authenticated", and their session must still be open. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(CONFIG) config: Config,
    private readonly em: EntityManager,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A key object made once: given the string, jsonwebtoken tries it as a public key and then makes a secret key from
      // it on every request. passport-jwt hands it on as it is; its types predate KeyObject.
      secretOrKey: createSecretKey(Buffer.from(config.JWT_SECRET, 'utf8')) as unknown as Buffer,
      algorithms: ['HS256'],
      audience: 'authenticated',
      ignoreExpiration: false,
    });
  }

  async validate(claims: AccessClaims): Promise<AuthUser> {
    const [caller] = await this.em.getConnection().execute<CallerRow[]>(CALLER_SQL, [claims.sid, claims.sub]);
    if (!caller) throw new UnauthorizedException(AuthMessages.invalidToken);
    return {
      id: claims.sub,
      sessionId: claims.sid,
      email: claims.email,
      role: caller.role,
      emailVerified: caller.email_verified,
      ...(caller.password_change_required ? { passwordChangeRequired: true } : {}),
    };
  }
}
