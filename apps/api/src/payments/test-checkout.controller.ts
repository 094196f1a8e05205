import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/auth.decorators.ts';
import { CheckoutService } from './checkout.service.ts';
import { TestPaymentDto } from './checkout.dto.ts';
import { testCheckoutPage, testCheckoutPolicy, type TestCheckoutView } from './test-checkout.page.ts';
import { TestCheckoutService } from './test-checkout.service.ts';

/** The local test checkout: an HTML page with plain forms (404 unless payments run in local test mode). */
@ApiExcludeController()
@Public()
@Controller('stripe/test-checkout')
export class TestCheckoutController {
  constructor(
    private readonly testCheckout: TestCheckoutService,
    private readonly checkout: CheckoutService,
  ) {}

  @Get(':id')
  async page(@Param('id') id: string, @Res() res: Response): Promise<void> {
    this.send(res, 200, await this.testCheckout.view(id));
  }

  @Post(':id/pay')
  @HttpCode(303)
  async pay(@Param('id') id: string, @Body() dto: TestPaymentDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    // The event goes over HTTP to this very server, as Stripe would send it.
    const outcome = await this.testCheckout.pay(id, dto.email, `http://127.0.0.1:${req.socket.localPort}/api/stripe/webhook`);
    if ('problem' in outcome) return this.send(res, 400, await this.testCheckout.view(id, outcome.problem));
    res.redirect(303, outcome.redirect);
  }

  @Post(':id/cancel')
  @HttpCode(303)
  async cancel(@Param('id') id: string, @Res() res: Response): Promise<void> {
    res.redirect(303, await this.testCheckout.cancel(id));
  }

  private send(res: Response, status: number, view: TestCheckoutView): void {
    res
      .status(status)
      .setHeader('Content-Security-Policy', testCheckoutPolicy(this.checkout.portalOrigins))
      .setHeader('Cache-Control', 'no-store')
      .type('html')
      .send(testCheckoutPage(view));
  }
}
