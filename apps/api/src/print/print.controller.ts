import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req, Res, type RawBodyRequest } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { CalculatePrintResponse, PrintOrderView, PrintProductsResponse, ValidatePrintResponse } from '../../../../libs/contracts/index.ts';
import { PrintMessages } from '../../../../libs/domain/index.ts';
import { LULU_SIGNATURE_HEADER } from '../../../../libs/print/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser, Public, VerifiedEmailRequired } from '../common/auth.decorators.ts';
import { Idempotent } from '../common/idempotency.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { UuidOrNotFound } from '../common/uuid.pipe.ts';
import { printOrderView } from '../print-orders/print-orders.module.ts';
import { LuluWebhookService, type LuluWebhookOutcome } from './lulu-webhook.service.ts';
import { PrintHealthService, type PrintHealth } from './print-health.service.ts';
import { PrintOrdersService } from './print-orders.service.ts';
import { PrintPreflightService } from './print-preflight.service.ts';
import { PrintQuoteService } from './print-quote.service.ts';
import { CalculatePrintDto, CreatePrintOrderDto, ValidatePrintDto } from './print.dto.ts';

/** The print API of §7.1 (base /api/print): products, preflight, quotes, orders and their refresh, a health check. */
@ApiTags('print')
@ApiBearerAuth()
@Controller('print')
export class PrintController {
  constructor(
    private readonly quotes: PrintQuoteService,
    private readonly preflight: PrintPreflightService,
    private readonly orders: PrintOrdersService,
    private readonly health: PrintHealthService,
  ) {}

  @Public()
  @Get('products')
  @ApiOperation({ summary: 'Every product (each trim in black and white on white or cream paper, and in colour; §9’s three first) with its tier prices; source says whether the provider answered' })
  async products(): Promise<PrintProductsResponse> {
    const { value, source } = await this.quotes.products();
    return { products: value, source };
  }

  @Post('validate')
  @HttpCode(200)
  @RateLimited('print')
  @ApiOperation({ summary: "Preflight of a saved book's interior and of the cover an order of the product would print (drawn from the book's design), then the provider's own check" })
  async validate(@Body() dto: ValidatePrintDto, @CurrentUser() user: AuthUser): Promise<ValidatePrintResponse> {
    return this.preflight.validateBook(dto, user);
  }

  @Post('calculate')
  @HttpCode(200)
  @RateLimited('print')
  @ApiOperation({ summary: 'Price (our tier price per copy) plus the shipping and tax quoted for the destination' })
  calculate(@Body() dto: CalculatePrintDto): Promise<CalculatePrintResponse> {
    return this.quotes.calculate(dto);
  }

  @Post('orders')
  @VerifiedEmailRequired()
  @RateLimited('checkout')
  @Idempotent()
  @ApiOperation({ summary: 'Orders printed copies of a completed saved book; its workflow then takes the payment and the provider' })
  async create(@Body() dto: CreatePrintOrderDto, @CurrentUser() user: AuthUser): Promise<PrintOrderView> {
    return printOrderView(await this.orders.create(dto, user));
  }

  @Get('orders/user/:userId')
  @ApiOperation({ summary: "The caller's print orders, newest first (any other user id is refused)" })
  async ofUser(@Param('userId') userId: string, @CurrentUser() user: AuthUser): Promise<PrintOrderView[]> {
    return this.orders.views(await this.orders.ofUser(userId, user));
  }

  @Get('orders/:id')
  async order(@UuidOrNotFound(PrintMessages.orderNotFound) id: string, @CurrentUser() user: AuthUser): Promise<PrintOrderView> {
    const [view] = await this.orders.views([await this.orders.owned(id, user)]);
    return view as PrintOrderView;
  }

  @Get('orders/:id/cover')
  @ApiOperation({ summary: 'The cover PDF printed for the order (its own copy, taken when it was placed)' })
  async cover(@UuidOrNotFound(PrintMessages.orderNotFound) id: string, @Res() res: Response, @CurrentUser() user: AuthUser): Promise<void> {
    await this.orders.sendCover(res, id, user);
  }

  @Post('orders/:orderId/refresh')
  @HttpCode(200)
  @RateLimited('generation')
  @ApiOperation({ summary: "Asks the order's workflow to fetch the provider's status now; answers the order as it stands" })
  async refresh(@UuidOrNotFound(PrintMessages.orderNotFound, 'orderId') orderId: string, @CurrentUser() user: AuthUser): Promise<PrintOrderView> {
    return printOrderView(await this.orders.refresh(orderId, user));
  }

  @Public()
  @Get('test')
  @ApiOperation({ summary: 'Health check: which provider answers print calls and whether it is reachable' })
  test(): Promise<PrintHealth> {
    return this.health.check();
  }
}

@ApiTags('print')
@Controller('print/webhooks')
export class LuluWebhookController {
  constructor(private readonly webhooks: LuluWebhookService) {}

  /** Signed by Lulu, not by a user: the signature is checked over the body's exact bytes. */
  @Public()
  @Post('lulu')
  @HttpCode(200)
  @ApiHeader({ name: LULU_SIGNATURE_HEADER, required: true })
  @ApiOperation({ summary: "Lulu's print-job status changes: wake the order's workflow" })
  receive(@Req() req: RawBodyRequest<Request>, @Headers(LULU_SIGNATURE_HEADER.toLowerCase()) signature: string | undefined): Promise<{ received: true; outcome: LuluWebhookOutcome }> {
    return this.webhooks.receive(req.rawBody, signature);
  }
}
