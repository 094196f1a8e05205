import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy, type Profile } from 'passport-google-oauth20';
import { googleSignInConfigured, type Config } from '../../../../libs/config/index.ts';
import { CONFIG } from '../config/config.module.ts';

export interface GoogleIdentity {
  subject: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

export const googleCallbackUrl = (config: Config) => `${config.PORTAL_URL}/api/auth/callback/google`;
export const googleEnabled = googleSignInConfigured;

/**
 * Google sign-in (OAuth 2.0 with the OpenID scopes). Endpoints come from the configuration so the whole
 * redirect-and-callback flow can run against a local OpenID provider in tests. State and PKCE are kept in a
 * signed cookie session, so any API replica can finish the flow.
 */
@Injectable()
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(@Inject(CONFIG) config: Config) {
    super({
      clientID: config.GOOGLE_CLIENT_ID ?? 'google-sign-in-disabled',
      clientSecret: config.GOOGLE_CLIENT_SECRET ?? 'google-sign-in-disabled',
      callbackURL: googleCallbackUrl(config),
      authorizationURL: config.GOOGLE_AUTHORIZATION_URL,
      tokenURL: config.GOOGLE_TOKEN_URL,
      userProfileURL: config.GOOGLE_USERINFO_URL,
      scope: ['openid', 'email', 'profile'],
      state: true,
      pkce: true,
    });
  }

  validate(_accessToken: string, _refreshToken: string, profile: Profile): GoogleIdentity {
    const email = profile.emails?.[0];
    const verified = (email as { verified?: boolean | string } | undefined)?.verified;
    return {
      subject: profile.id,
      ...(email?.value ? { email: email.value } : {}),
      emailVerified: verified === true || verified === 'true',
      ...(profile.displayName ? { name: profile.displayName } : {}),
    };
  }
}
