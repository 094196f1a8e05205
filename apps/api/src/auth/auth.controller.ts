import { BadRequestException, Body, Controller, Get, HttpCode, Inject, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Config } from '../../../../libs/config/index.ts';
import { AuthMessages, EMAIL_CHANGE_TTL_MS, normalizeEmail, RECENT_SIGN_IN_MS } from '../../../../libs/domain/index.ts';
import { CONFIG } from '../config/config.module.ts';
import { GrantTypeQuery, LogoutQuery, SignUpDto, TokenDto, UpdateUserDto, VerifyEmailDto } from './auth.dto.ts';
import { AuthService } from './auth.service.ts';
import type { AuthUser, SessionView, UserView } from './auth.types.ts';
import { googleEnabled, type GoogleIdentity } from './google.strategy.ts';
import { CurrentUser, Public } from './public.decorator.ts';
import { RateLimitService } from '../common/rate-limits.ts';
import { SessionTokensService } from './session-tokens.service.ts';

/** The auth service of the spec (document 1, section 7), under /api/auth. */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly auth: AuthService,
    private readonly tokens: SessionTokensService,
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
      'Changing `password` or `email` needs `current_password` (400 when it is missing or wrong; attempts are rate-limited per user). ' +
      'An account without a password (Google only) sets its first password, or changes its e-mail, without one, but only within ' +
      `${RECENT_SIGN_IN_MS / 60_000} minutes of signing in (403 otherwise: sign in again). A new password ends every other session. ` +
      'A new `email` is not applied at once: it is kept as `new_email` and a link is mailed to it (valid ' +
      `${EMAIL_CHANGE_TTL_MS / 3_600_000} hours, usable once; confirm with ` +
      'POST /api/auth/verify-email), and the current address is told of the request. An address another account uses is refused (422).',
  })
  updateUser(@CurrentUser() user: AuthUser, @Body() dto: UpdateUserDto): Promise<UserView> {
    return this.auth.updateUser(user, dto);
  }

  @Public()
  @Post('verify-email')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm a new e-mail with the token mailed to it: the address is applied and marked verified' })
  verifyEmail(@Body() dto: VerifyEmailDto): Promise<UserView> {
    return this.auth.verifyEmail(dto.token);
  }

  @Public()
  @Get('authorize')
  @ApiOperation({ summary: 'Start sign-in with an external provider (provider=google); redirects to it' })
  authorize(@Query('provider') provider: string | undefined, @Res() res: Response): void {
    if (provider !== 'google') throw new BadRequestException(AuthMessages.unsupportedProvider);
    if (!googleEnabled(this.config)) throw new BadRequestException(AuthMessages.providerDisabled);
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
