import { BadRequestException, Body, Controller, Get, HttpCode, Inject, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Config } from '../../../../libs/config/index.ts';
import { AuthMessages, EMAIL_CHANGE_TTL_MS, GOOGLE_UNAVAILABLE_ERROR, normalizeEmail, PASSWORD_RECOVERY_TTL_MS, REAUTHENTICATION_CODE_TTL_MS } from '../../../../libs/domain/index.ts';
import { CONFIG } from '../config/config.module.ts';
import { GrantTypeQuery, LogoutQuery, RecoverConfirmDto, RecoverDto, SignUpDto, TokenDto, UpdateUserDto, VerifyEmailDto } from './auth.dto.ts';
import { AuthService } from './auth.service.ts';
import type { AuthUser, SessionView, UserView } from '../common/auth.types.ts';
import { googleEnabled, type GoogleIdentity } from './google.strategy.ts';
import { CurrentUser, Public } from '../common/auth.decorators.ts';
import { RateLimitService } from '../common/rate-limits.ts';
import { PasswordRecoveryService } from './password-recovery.service.ts';
import { ReauthenticationService } from './reauthentication.service.ts';
import { SessionTokensService } from './session-tokens.service.ts';

/** The auth service of the spec (document 1, section 7), under /api/auth. */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly auth: AuthService,
    private readonly tokens: SessionTokensService,
    private readonly recovery: PasswordRecoveryService,
    private readonly reauthentication: ReauthenticationService,
    private readonly rateLimit: RateLimitService,
  ) {}

  private async limit(req: Request, email?: string): Promise<void> {
    await this.rateLimit.consumeAttempt([`ip:${req.ip ?? 'unknown'}`, ...(email ? [`email:${normalizeEmail(email)}`] : [])]);
  }

  @Public()
  @Post('signup')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create an account with e-mail (or phone) and password; answers with a session' })
  async signUp(@Req() req: Request, @Body() dto: SignUpDto): Promise<SessionView> {
    await this.limit(req, dto.email);
    return this.auth.signUp(dto);
  }

  @Public()
  @Post('token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in (grant_type=password) or rotate a refresh token (grant_type=refresh_token)' })
  async token(@Req() req: Request, @Query() query: GrantTypeQuery, @Body() dto: TokenDto): Promise<SessionView> {
    if (query.grant_type === 'refresh_token') {
      if (!dto.refresh_token) throw new BadRequestException(AuthMessages.refreshTokenRequired);
      return this.tokens.rotate(dto.refresh_token);
    }
    await this.limit(req, dto.email);
    return this.auth.signInWithPassword(dto);
  }

  @Post('logout')
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'End this session (scope=local), every session (global) or every other session (others)' })
  async logout(@CurrentUser() user: AuthUser, @Query() query: LogoutQuery): Promise<void> {
    const scope = query.scope ?? 'local';
    if (scope === 'local') await this.tokens.revokeSession(user.sessionId, 'signed out');
    else await this.tokens.revokeAllOf(user.id, `signed out (${scope})`, scope === 'others' ? user.sessionId : undefined);
  }

  @Get('user')
  @ApiBearerAuth()
  getUser(@CurrentUser() user: AuthUser): Promise<UserView> {
    return this.auth.getUser(user.id);
  }

  @Put('user')
  @ApiBearerAuth()
  @ApiOperation({
    summary: "Change the caller's password, e-mail or profile name",
    description:
      'Changing `password` or `email` needs `current_password`, or `nonce`: the code GET /api/auth/reauthenticate mails (the only way ' +
      'for an account without a password). Without either 400; attempts are rate-limited per user. A new password ends every other session. ' +
      'A new `email` is not applied at once: it is kept as `new_email` and a link is mailed to it (valid ' +
      `${EMAIL_CHANGE_TTL_MS / 3_600_000} hours, usable once; confirm with ` +
      'POST /api/auth/verify), and the current address is told of the request. An address another account uses is refused (422).',
  })
  updateUser(@CurrentUser() user: AuthUser, @Body() dto: UpdateUserDto): Promise<UserView> {
    return this.auth.updateUser(user, dto);
  }

  @Public()
  @Post(['verify', 'verify-email'])
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm an e-mail with the token mailed to it (at sign-up or on a change): the address is applied and marked verified' })
  verifyEmail(@Body() dto: VerifyEmailDto): Promise<UserView> {
    return this.auth.verifyEmail(dto.token);
  }

  @Post('resend')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Mail the confirmation link again (to a pending new address, or to the unverified own one); says when there is nothing to confirm',
    description: 'Each address receives at most a few such messages an hour and a day, whoever asks (UNASKED_MAIL_CAPS); over that, 429.',
  })
  resend(@CurrentUser() user: AuthUser): Promise<{ sent: boolean; message: string }> {
    return this.auth.resendConfirmation(user);
  }

  @Public()
  @Post('recover')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Forgot password: mails a link that sets a new password',
    description:
      `The same answer, given before any work starts, whether or not the address is registered. The link is valid ${PASSWORD_RECOVERY_TTL_MS / 60_000} minutes and works once; ` +
      'rate-limited per client address and per e-mail, and each address receives at most a few such messages an hour and a day (UNASKED_MAIL_CAPS).',
  })
  async recover(@Req() req: Request, @Body() dto: RecoverDto): Promise<{ message: string }> {
    await this.limit(req, dto.email);
    this.recovery.request(dto.email);
    return { message: AuthMessages.recoverySent };
  }

  @Public()
  @Post('recover/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: "Sets the new password with the mailed link's token: every other session ends, the e-mail counts as verified, and this answers a new session" })
  async confirmRecovery(@Req() req: Request, @Body() dto: RecoverConfirmDto): Promise<SessionView> {
    await this.limit(req);
    return this.recovery.confirm(dto.token, dto.password);
  }

  @Get('reauthenticate')
  @ApiBearerAuth()
  @ApiOperation({ summary: `Mails a one-time code (valid ${REAUTHENTICATION_CODE_TTL_MS / 60_000} minutes) to give as \`nonce\` to PUT /api/auth/user` })
  async reauthenticate(@CurrentUser() caller: AuthUser): Promise<{ message: string }> {
    await this.reauthentication.sendCode(await this.auth.userOf(caller.id));
    return { message: AuthMessages.reauthenticationSent };
  }

  @Public()
  @Get('authorize')
  @ApiOperation({ summary: 'Start sign-in with an external provider (provider=google); redirects to it, or back to /login with the reason when it is not configured' })
  authorize(@Query('provider') provider: string | undefined, @Res() res: Response): void {
    if (provider !== 'google') throw new BadRequestException(AuthMessages.unsupportedProvider);
    // A browser followed a link here: it goes back to a page that says why, not to a JSON error.
    if (!googleEnabled(this.config)) return res.redirect(302, `${this.config.PORTAL_URL.replace(/\/+$/, '')}/login?error=${GOOGLE_UNAVAILABLE_ERROR}`);
    res.redirect(302, '/api/auth/authorize/google');
  }

  @Public()
  @Get('authorize/google')
  @UseGuards(AuthGuard('google'))
  startGoogle(): void {
    // The guard redirects to Google.
  }

  @Public()
  @Get('callback/google')
  @UseGuards(AuthGuard('google'))
  @ApiOperation({ summary: "Google's redirect target: signs in, then lands on /dashboard with the session" })
  async googleCallback(@Req() req: Request & { user: GoogleIdentity }, @Res() res: Response): Promise<void> {
    const session = await this.auth.signInWithGoogle(req.user);
    // The session travels in the URL fragment, which browsers never send to a server.
    const fragment = new URLSearchParams({
      access_token: session.access_token,
      refresh_token: session.refresh_token,
      expires_in: String(session.expires_in),
      expires_at: String(session.expires_at),
      token_type: session.token_type,
    });
    res.redirect(302, `${this.config.PORTAL_URL}/dashboard#${fragment.toString()}`);
  }
}
