import { EntityManager } from '@mikro-orm/postgresql';
import { BadGatewayException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import type { Config } from '../../../../libs/config/index.ts';
import { CheckoutSession, EliteRequest, Sale } from '../../../../libs/db/index.ts';
import { CheckoutMessages, elitePaymentName, isEmailAddress, printPaymentName, productOffer, salePaymentName, WebhookMessages } from '../../../../libs/domain/index.ts';
import {
  checkoutMetadata,
  checkoutSessionEvent,
  eliteCheckoutMetadata,
  printCheckoutMetadata,
  saleCheckoutMetadata,
  SESSION_ID_PLACEHOLDER,
  signStripePayload,
  testCheckoutPath,
  testPaymentIntentId,
} from '../../../../libs/payments/index.ts';
import { CONFIG } from '../config/config.module.ts';
import { PrintOrderQueries } from '../print-orders/print-orders.module.ts';
import { CheckoutService } from './checkout.service.ts';
import type { TestCheckoutView } from './test-checkout.page.ts';

const NOT_FOUND = 'Checkout session not found';
const EMAIL_NEEDED = 'Enter the e-mail address the receipt goes to';
const EXPIRED = 'This checkout has expired: the order is no longer waiting for payment.';

/**
 * Local test mode's checkout (no Stripe key, stripe-mock behind the SDK): it stands in for Stripe's hosted page and,
 * on Pay, sends this API's webhook the signed `checkout.session.completed` event Stripe would send.
 */
@Injectable()
export class TestCheckoutService {
  private readonly logger = new Logger(TestCheckoutService.name);

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly em: EntityManager,
    private readonly checkout: CheckoutService,
    private readonly printOrders: PrintOrderQueries,
  ) {}

  /** The session this server started; the page exists only in test mode. */
  private async session(id: string): Promise<CheckoutSession> {
    if (this.checkout.mode !== 'test') throw new NotFoundException(NOT_FOUND);
    const session = await this.em.findOne(CheckoutSession, { id }, { populate: ['user'] });
    if (!session) throw new NotFoundException(NOT_FOUND);
    return session;
  }

  /** What the session sells: an offer, a print order's copies, or an Elite request's quote. */
  private async productName(session: CheckoutSession): Promise<string> {
    if (session.productId) return productOffer(session.productId).name;
    if (session.saleId) {
      const sale = await this.em.findOne(Sale, { id: session.saleId });
      return sale ? salePaymentName(sale) : 'Shop purchase';
    }
    if (session.eliteRequestId) {
      const request = await this.em.findOne(EliteRequest, { id: session.eliteRequestId });
      return request ? elitePaymentName(request) : 'Elite Service';
    }
    const order = session.printOrderId ? await this.printOrders.byId(session.printOrderId) : null;
    return order ? printPaymentName(order) : 'Print order';
  }

  async view(id: string, problem?: string): Promise<TestCheckoutView> {
    const session = await this.session(id);
    return {
      path: testCheckoutPath(session.id),
      productName: await this.productName(session),
      amount: session.amount,
      currency: session.currency,
      email: session.customerEmail ?? null,
      ...(problem ? { problem } : {}),
    };
  }

  /** Pays the session: its completed event goes to the webhook at `webhookUrl`; answers where the buyer goes next. */
  async pay(id: string, typedEmail: string | undefined, webhookUrl: string): Promise<{ redirect: string } | { problem: string }> {
    const session = await this.session(id);
    const secret = this.config.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw new ServiceUnavailableException(WebhookMessages.notConfigured);
    const email = typedEmail?.trim() || session.customerEmail;
    if (!email || !isEmailAddress(email)) return { problem: EMAIL_NEEDED };
    if (await this.expired(session)) return { problem: EXPIRED };

    const userId = session.user?.id ?? null;
    const event = checkoutSessionEvent('checkout.session.completed', {
      id: session.id,
      mode: session.mode,
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: userId,
      customer_email: session.customerEmail ?? null,
      customer_details: { email },
      customer: null,
      payment_intent: testPaymentIntentId(),
      amount_total: session.amount,
      currency: session.currency,
      metadata: session.productId
        ? { ...checkoutMetadata(session.productId, session.priceId, userId) }
        : session.eliteRequestId
          ? { ...eliteCheckoutMetadata(session.eliteRequestId, userId) }
          : session.saleId
            ? { ...saleCheckoutMetadata(session.saleId, userId) }
            : { ...printCheckoutMetadata(session.printOrderId ?? '', userId) },
    });
    const payload = JSON.stringify(event);
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signStripePayload(payload, secret) },
      body: payload,
    }).catch((error: unknown) => {
      this.logger.warn(`test checkout could not reach the webhook: ${String(error)}`);
      return null;
    });
    if (!response?.ok) throw new BadGatewayException(CheckoutMessages.failed);
    return { redirect: session.successUrl.replaceAll(SESSION_ID_PLACEHOLDER, encodeURIComponent(session.id)) };
  }

  /** Like Stripe's `expires_at`: a print order's session closes with the order's payment window, or with the order; a sale's when it stops waiting. */
  private async expired(session: CheckoutSession): Promise<boolean> {
    if (session.saleId) return (await this.em.findOne(Sale, { id: session.saleId }))?.status !== 'awaiting_payment';
    if (!session.printOrderId) return false;
    const order = await this.printOrders.byId(session.printOrderId);
    return !order || order.orderStatus !== 'unpaid' || (order.payBy !== null && order.payBy !== undefined && order.payBy.getTime() < Date.now());
  }

  async cancel(id: string): Promise<string> {
    return (await this.session(id)).cancelUrl;
  }
}
