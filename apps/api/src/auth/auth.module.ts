import { createHmac } from 'node:crypto';
import { Inject, Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import cookieSession from 'cookie-session';
import type { Config } from '../../../../libs/config/index.ts';
import { createMailer } from '../../../../libs/mail/index.ts';
import { CONFIG } from '../config/config.module.ts';
import { AccountTokensService } from './account-tokens.service.ts';
import { AuthController } from './auth.controller.ts';
import { AuthService } from './auth.service.ts';
import { EmailChangeService, MAILER } from './email-change.service.ts';
import { GoogleStrategy } from './google.strategy.ts';
import { JwtStrategy } from './jwt.strategy.ts';
import { PasswordRecoveryService } from './password-recovery.service.ts';
import { ReauthenticationService } from './reauthentication.service.ts';
import { SessionTokensService } from './session-tokens.service.ts';
import { UnaskedMailService } from './unasked-mail.service.ts';

@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [CONFIG],
      useFactory: (config: Config) => ({
        secret: config.JWT_SECRET,
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [
    AuthService,
    SessionTokensService,
    EmailChangeService,
    AccountTokensService,
    PasswordRecoveryService,
    ReauthenticationService,
    UnaskedMailService,
    JwtStrategy,
    GoogleStrategy,
    { provide: MAILER, inject: [CONFIG], useFactory: (config: Config) => createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }) },
  ],
  exports: [AuthService, SessionTokensService],
})
export class AuthModule implements NestModule {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  configure(consumer: MiddlewareConsumer): void {
    // The OAuth state and PKCE verifier live in a signed, short-lived cookie for the round trip to Google.
    consumer
      .apply(
        cookieSession({
          name: 'pressroom_oauth',
          keys: [createHmac('sha256', this.config.JWT_SECRET).update('oauth-cookie').digest('base64url')],
          maxAge: 10 * 60 * 1000,
          httpOnly: true,
          sameSite: 'lax',
          secure: this.config.PORTAL_URL.startsWith('https:'),
        }),
      )
      .forRoutes('auth/authorize/google', 'auth/callback/google');
  }
}
