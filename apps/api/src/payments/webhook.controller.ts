import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../common/auth.decorators.ts';
import { WebhookService } from './webhook.service.ts';

@ApiTags('payments')
@Controller('stripe')
export class WebhookController {
  constructor(private readonly webhooks: WebhookService) {}

  /** Signed by Stripe, not by a user: the signature is checked over the body's exact bytes. */
  @Public()
  @Post('webhook')
  @HttpCode(200)
  @ApiHeader({ name: 'Stripe-Signature', required: true })
  @ApiOperation({ summary: "Stripe's events (Checkout Sessions completed, paid later, failed or expired)" })
  receive(@Req() req: RawBodyRequest<Request>, @Headers('stripe-signature') signature: string | undefined): Promise<{ received: true }> {
    return this.webhooks.receive(req.rawBody, signature);
  }
}
