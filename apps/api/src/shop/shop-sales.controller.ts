import { Body, Controller, Get, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { LibraryItemView, ShopCheckoutResponse, ShopPrintQuote, ShopSaleStatus } from '../../../../libs/contracts/index.ts';
import { SaleMessages, ShopMessages } from '../../../../libs/domain/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CurrentUser, OptionalAuth, Public, VerifiedEmailRequired } from '../common/auth.decorators.ts';
import { RateLimited } from '../common/rate-limits.ts';
import { UuidOrNotFound } from '../common/uuid.pipe.ts';
import { SaleCheckoutService } from './sale-checkout.service.ts';
import { ShopCheckoutDto, ShopPrintQuoteDto, ShopResendDto } from './shop-sales.dto.ts';
import { ShopDownloadsService } from './shop-downloads.service.ts';

/** Buying a published book's e-book or printed copies: no account needed. */
@ApiTags('shop')
@Controller('shop')
export class ShopSalesController {
  constructor(
    private readonly sales: SaleCheckoutService,
    private readonly downloads: ShopDownloadsService,
  ) {}

  @Public()
  @Post('books/:id/print-quote')
  @HttpCode(200)
  @RateLimited('print')
  @ApiOperation({ summary: "Printed copies at the author's price, with shipping and tax to the address, before paying" })
  printQuote(@UuidOrNotFound(ShopMessages.notFound) id: string, @Body() dto: ShopPrintQuoteDto): Promise<ShopPrintQuote> {
    return this.sales.printQuote(id, dto);
  }

  @OptionalAuth()
  @VerifiedEmailRequired()
  @Post('books/:id/checkout')
  @RateLimited('checkout')
  @ApiOperation({ summary: 'Starts a sale (e-book, or printed copies to an address) and its Stripe Checkout; e-mail required when signed out' })
  checkout(
    @UuidOrNotFound(ShopMessages.notFound) id: string,
    @Body() dto: ShopCheckoutDto,
    @CurrentUser() user: AuthUser | undefined,
    @Headers('referer') referer: string | undefined,
  ): Promise<ShopCheckoutResponse> {
    return this.sales.create(id, dto, user, referer);
  }

  @Public()
  @Get('sales/:id')
  @ApiOperation({ summary: "A sale's status for the buyer's return page (no personal data)" })
  status(@UuidOrNotFound(SaleMessages.saleNotFound) id: string): Promise<ShopSaleStatus> {
    return this.sales.status(id);
  }

  @Public()
  @Get('downloads/:token/:format')
  @ApiOperation({ summary: "An e-book's file (epub or pdf) by its signed, expiring link; 410 once expired, 404 when not valid" })
  async download(@Param('token') token: string, @Param('format') format: string, @Res() res: Response): Promise<void> {
    await this.downloads.send(res, token, format);
  }

  @Public()
  @Post('downloads/resend')
  @HttpCode(202)
  @RateLimited('forms')
  @ApiOperation({ summary: 'Mails fresh download links for the e-books the address bought; the same answer whatever it bought' })
  resend(@Body() dto: ShopResendDto): { message: string } {
    this.downloads.resend(dto.email);
    return { message: SaleMessages.resendAccepted };
  }
}

/** The signed-in buyer's e-books. */
@ApiTags('shop')
@ApiBearerAuth()
@Controller('library')
export class LibraryController {
  constructor(private readonly downloads: ShopDownloadsService) {}

  @Get()
  @ApiOperation({ summary: "The caller's e-books: bought signed in, or with their confirmed address; each with fresh download links" })
  library(@CurrentUser() user: AuthUser): Promise<LibraryItemView[]> {
    return this.downloads.library(user);
  }
}
