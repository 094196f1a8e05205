import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { EliteCheckoutResponse, EliteRequestView } from '../../../../libs/contracts/index.ts';
import type { EliteRequest } from '../../../../libs/db/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser, OptionalAuth, VerifiedEmailRequired } from '../common/auth.decorators.ts';
import { ActionKey, Idempotent, KeyedAction } from '../common/idempotency.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { shippingAddressOf } from '../common/shipping-address.dto.ts';
import { UuidParam } from '../common/uuid.pipe.ts';
import { EliteRequestViewsService } from './elite-request-views.service.ts';
import { ApproveEliteProofDto, CancelEliteRequestDto, CreateEliteRequestDto, DeclineEliteQuoteDto, RequestEliteChangesDto } from './elite-requests.dto.ts';
import { EliteRequestsService } from './elite-requests.service.ts';
import type { EliteActed } from './elite-workflow.service.ts';

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
  @Idempotent()
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
  @KeyedAction()
  @ApiOperation({ summary: 'Accept the quote: answers the Stripe Checkout page where the quoted amount is paid (null while `working`: the request view has it shortly)' })
  async accept(@UuidParam() id: string, @CurrentUser() user: AuthUser, @ActionKey() key?: string): Promise<EliteCheckoutResponse> {
    const { row } = await this.requests.act(id, user, { action: 'accept_quote' }, key);
    const url = row.status === 'awaiting_payment' ? (row.checkoutUrl ?? null) : null;
    return url ? { checkout_url: url } : { checkout_url: null, working: true };
  }

  @Post(':id/decline')
  @HttpCode(200)
  @RateLimited('forms')
  @ApiOperation({ summary: 'Decline the quote, with an optional reason: the request ends' })
  @KeyedAction()
  async decline(@UuidParam() id: string, @Body() dto: DeclineEliteQuoteDto, @CurrentUser() user: AuthUser, @ActionKey() key?: string): Promise<EliteRequestView> {
    const reason = dto.reason?.trim();
    return this.answer(await this.requests.act(id, user, { action: 'decline_quote', ...(reason ? { reason } : {}) }, key));
  }

  @Post(':id/proof/approve')
  @HttpCode(200)
  @RateLimited('forms')
  @ApiOperation({ summary: 'Approve the proof, with the address the books go to: printing can start' })
  @KeyedAction()
  async approveProof(@UuidParam() id: string, @Body() dto: ApproveEliteProofDto, @CurrentUser() user: AuthUser, @ActionKey() key?: string): Promise<EliteRequestView> {
    return this.answer(await this.requests.act(id, user, { action: 'approve_proof', shippingAddress: shippingAddressOf(dto.shipping_address) }, key));
  }

  @Post(':id/proof/changes')
  @HttpCode(200)
  @RateLimited('forms')
  @ApiOperation({ summary: 'Ask for changes to the proof: the team revises the book and sends a new round' })
  @KeyedAction()
  async requestChanges(@UuidParam() id: string, @Body() dto: RequestEliteChangesDto, @CurrentUser() user: AuthUser, @ActionKey() key?: string): Promise<EliteRequestView> {
    return this.answer(await this.requests.act(id, user, { action: 'request_changes', comment: dto.comment.trim() }, key));
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @RateLimited('forms')
  @ApiOperation({ summary: 'Cancel the request, with the reason (any time before printing)' })
  @KeyedAction()
  async cancel(@UuidParam() id: string, @Body() dto: CancelEliteRequestDto, @CurrentUser() user: AuthUser, @ActionKey() key?: string): Promise<EliteRequestView> {
    return this.answer(await this.requests.act(id, user, { action: 'cancel', reason: dto.reason.trim() }, key));
  }

  @Post(':id/receipt')
  @HttpCode(200)
  @RateLimited('forms')
  @KeyedAction()
  @ApiOperation({ summary: 'I received my books: the author confirms the shipped copies arrived, and the request is delivered' })
  async confirmReceipt(@UuidParam() id: string, @CurrentUser() user: AuthUser, @ActionKey() key?: string): Promise<EliteRequestView> {
    return this.answer(await this.requests.act(id, user, { action: 'confirm_receipt' }, key));
  }

  /** The request as the action left it; `working` while its run is still carrying the action out. */
  private async answer({ row, acted }: { row: EliteRequest; acted: EliteActed }): Promise<EliteRequestView> {
    const view = await this.views.one(row);
    return acted === 'working' ? { ...view, working: true } : view;
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
