import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { Config } from '../../../../libs/config/index.ts';
import { AuthSession, Profile } from '../../../../libs/db/index.ts';
import { AuthMessages } from '../../../../libs/domain/index.ts';
import { CONFIG } from '../config/config.module.ts';
import type { AccessClaims, AuthUser } from '../common/auth.types.ts';

/** Bearer access tokens: HS256 only, audience "authenticated", and their session must still be open. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(CONFIG) config: Config,
    private readonly em: EntityManager,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.JWT_SECRET,
      algorithms: ['HS256'],
      audience: 'authenticated',
      ignoreExpiration: false,
    });
  }

  async validate(claims: AccessClaims): Promise<AuthUser> {
    const session = await this.em.findOne(AuthSession, { id: claims.sid, user: claims.sub, revokedAt: null });
    if (!session) throw new UnauthorizedException(AuthMessages.invalidToken);
    const profile = await this.em.findOne(Profile, { user: claims.sub }, { populate: ['user'] });
    if (!profile) throw new UnauthorizedException(AuthMessages.invalidToken);
    return { id: claims.sub, sessionId: claims.sid, email: claims.email, role: profile.role, ...(profile.user.passwordChangeRequired ? { passwordChangeRequired: true } : {}) };
  }
}
