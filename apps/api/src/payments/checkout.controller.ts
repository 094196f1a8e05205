import { Body, Controller, Get, Headers, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CheckoutProduct } from '../../../../libs/contracts/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser, OptionalAuth, Public, VerifiedEmailRequired } from '../common/auth.decorators.ts';
import { ErrorFieldExceptionFilter } from '../common/http-exception.filter.ts';
import { Idempotent } from '../common/idempotency.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { CreateCheckoutSessionDto } from './checkout.dto.ts';
import { CheckoutService } from './checkout.service.ts';

@ApiTags('payments')
@Controller()
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  @Public()
  @Get('checkout/products')
  @ApiOperation({ summary: "The offers in the spec's order, with this server's Stripe price ids and whether each can be bought here (and why not)" })
  products(): CheckoutProduct[] {
    return this.checkout.products();
  }

  /** The portal reads `error` from a failure (spec §7), so every refusal here carries it. */
  @OptionalAuth()
  @VerifiedEmailRequired()
  @Post('create-checkout-session')
  @RateLimited('checkout')
  @HttpCode(200)
  @Idempotent()
  @UseFilters(ErrorFieldExceptionFilter)
  @ApiOperation({ summary: 'Starts a Stripe Checkout Session for one offer; answers the address to send the buyer to (409 for an offer this server cannot fulfil)' })
  create(@Body() dto: CreateCheckoutSessionDto, @Headers('referer') referer: string | undefined, @CurrentUser() user?: AuthUser): Promise<{ url: string; id: string }> {
    return this.checkout.create(dto, user, referer);
  }
}
