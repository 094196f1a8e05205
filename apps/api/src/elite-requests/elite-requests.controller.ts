import { Body, Controller, Get, HttpCode, Param, Post, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { EliteCheckoutResponse, EliteRequestView } from '../../../../libs/contracts/index.ts';
import { EliteMessages } from '../../../../libs/domain/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser, OptionalAuth, VerifiedEmailRequired } from '../common/auth.decorators.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { shippingAddressOf } from '../common/shipping-address.dto.ts';
import { UuidParam } from '../common/uuid.pipe.ts';
import { EliteRequestViewsService } from './elite-request-views.service.ts';
import { ApproveEliteProofDto, CancelEliteRequestDto, CreateEliteRequestDto, DeclineEliteQuoteDto, RequestEliteChangesDto } from './elite-requests.dto.ts';
import { EliteRequestsService } from './elite-requests.service.ts';

/** The author's Elite Service requests (the modal on a completed book, the dashboard's Elite tab and request page). */
@ApiTags('elite-requests')
@ApiBearerAuth()
@Controller('elite-requests')
export class EliteRequestsController {
  constructor(
    private readonly requests: EliteRequestsService,
    private readonly views: EliteRequestViewsService,
  ) {}

  /** Open to everyone so that a signed-out visitor hears the spec's message rather than a bare 401. */
  @Post()
  @OptionalAuth()
  @VerifiedEmailRequired()
  @RateLimited('forms')
  @ApiOperation({ summary: 'Request the Elite Service for a completed book: stored with the §3 request data; its workflow mails the team and the author' })
  async create(@Body() dto: CreateEliteRequestDto, @CurrentUser() user?: AuthUser): Promise<EliteRequestView> {
    return this.views.one(await this.requests.create(dto, user));
  }

  @Get()
  @ApiOperation({ summary: "The caller's Elite requests, newest first, each with its status, quote, timeline and proofs" })
  async list(@CurrentUser() user: AuthUser): Promise<EliteRequestView[]> {
    return this.views.many(await this.requests.list(user));
  }

  @Get(':id')
  @ApiOperation({ summary: "One of the caller's Elite requests (another author's is not found)" })
  async show(@UuidParam() id: string, @CurrentUser() user: AuthUser): Promise<EliteRequestView> {
    return this.views.one(await this.requests.owned(id, user));
  }

  @Post(':id/accept')
  @HttpCode(200)
  @RateLimited('forms')
  @ApiOperation({ summary: 'Accept the quote: answers the Stripe Checkout page where the quoted amount is paid' })
  async accept(@UuidParam() id: string, @CurrentUser() user: AuthUser): Promise<EliteCheckoutResponse> {
    const row = await this.requests.act(id, user, { action: 'accept_quote' });
    if (!row.checkoutUrl) throw new ServiceUnavailableException(EliteMessages.unavailable);
    return { checkout_url: row.checkoutUrl };
  }

  @Post(':id/decline')
  @HttpCode(200)
  @RateLimited('forms')
  @ApiOperation({ summary: 'Decline the quote, with an optional reason: the request ends' })
  async decline(@UuidParam() id: string, @Body() dto: DeclineEliteQuoteDto, @CurrentUser() user: AuthUser): Promise<EliteRequestView> {
    const reason = dto.reason?.trim();
    return this.views.one(await this.requests.act(id, user, { action: 'decline_quote', ...(reason ? { reason } : {}) }));
  }

  @Post(':id/proof/approve')
  @HttpCode(200)
  @RateLimited('forms')
  @ApiOperation({ summary: 'Approve the proof, with the address the books go to: printing can start' })
  async approveProof(@UuidParam() id: string, @Body() dto: ApproveEliteProofDto, @CurrentUser() user: AuthUser): Promise<EliteRequestView> {
    return this.views.one(await this.requests.act(id, user, { action: 'approve_proof', shippingAddress: shippingAddressOf(dto.shipping_address) }));
  }

  @Post(':id/proof/changes')
  @HttpCode(200)
  @RateLimited('forms')
  @ApiOperation({ summary: 'Ask for changes to the proof: the team revises the book and sends a new round' })
  async requestChanges(@UuidParam() id: string, @Body() dto: RequestEliteChangesDto, @CurrentUser() user: AuthUser): Promise<EliteRequestView> {
    return this.views.one(await this.requests.act(id, user, { action: 'request_changes', comment: dto.comment.trim() }));
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @RateLimited('forms')
  @ApiOperation({ summary: 'Cancel the request, with the reason (any time before printing)' })
  async cancel(@UuidParam() id: string, @Body() dto: CancelEliteRequestDto, @CurrentUser() user: AuthUser): Promise<EliteRequestView> {
    return this.views.one(await this.requests.act(id, user, { action: 'cancel', reason: dto.reason.trim() }));
  }

  @Get(':id/proofs/:round/pdf')
  @ApiOperation({ summary: "A proof round's book PDF, as it was sent" })
  async proofPdf(@UuidParam() id: string, @Param('round') round: string, @Res() res: Response, @CurrentUser() user: AuthUser): Promise<void> {
    await this.views.sendProofFile(res, await this.requests.proof(id, round, user), 'pdf');
  }

  @Get(':id/proofs/:round/cover')
  @ApiOperation({ summary: "A proof round's cover PDF, as it was sent" })
  async proofCover(@UuidParam() id: string, @Param('round') round: string, @Res() res: Response, @CurrentUser() user: AuthUser): Promise<void> {
    await this.views.sendProofFile(res, await this.requests.proof(id, round, user), 'cover');
  }
}
