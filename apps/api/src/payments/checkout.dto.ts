import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import type { CreateCheckoutSessionRequest } from '../../../../libs/contracts/index.ts';
import { CheckoutMessages } from '../../../../libs/domain/index.ts';
import { Optional } from '../common/validation.ts';

/** The longest address accepted for the return pages (Stripe's own limit is larger). */
const MAX_URL_LENGTH = 2048;

/** POST /api/create-checkout-session: which price, and where the buyer returns to. */
export class CreateCheckoutSessionDto implements CreateCheckoutSessionRequest {
  @ApiProperty({ description: 'A priceId from GET /api/checkout/products' })
  @IsString({ message: CheckoutMessages.unknownPrice })
  @MaxLength(255, { message: CheckoutMessages.unknownPrice })
  priceId!: string;

  @ApiPropertyOptional({ enum: ['payment'] })
  @Optional()
  @IsString({ message: 'mode must be text' })
  @MaxLength(32, { message: 'mode must be 32 characters or less' })
  mode?: 'payment';

  @ApiPropertyOptional({ description: "An address of the portal; default: the portal's /success" })
  @Optional()
  @IsString({ message: CheckoutMessages.badRedirect })
  @MaxLength(MAX_URL_LENGTH, { message: CheckoutMessages.badRedirect })
  successUrl?: string;

  @ApiPropertyOptional({ description: 'An address of the portal; default: the page the buyer came from, else the portal home' })
  @Optional()
  @IsString({ message: CheckoutMessages.badRedirect })
  @MaxLength(MAX_URL_LENGTH, { message: CheckoutMessages.badRedirect })
  cancelUrl?: string;
}

/** The local test checkout's Pay form. */
export class TestPaymentDto {
  @ApiPropertyOptional()
  @Optional()
  @IsString({ message: 'email must be text' })
  @MaxLength(254, { message: 'email must be 254 characters or less' })
  email?: string;
}
