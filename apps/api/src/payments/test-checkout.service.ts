import { EntityManager } from '@mikro-orm/postgresql';
import { BadGatewayException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import type { Config } from '../../../../libs/config/index.ts';
import { CheckoutSession } from '../../../../libs/db/index.ts';
import { CheckoutMessages, isEmailAddress, productOffer, WebhookMessages } from '../../../../libs/domain/index.ts';
import { checkoutMetadata, checkoutSessionEvent, SESSION_ID_PLACEHOLDER, signStripePayload, testPaymentIntentId } from '../../../../libs/payments/index.ts';
import { CONFIG } from '../config/config.module.ts';
import { CheckoutService, testCheckoutPath } from './checkout.service.ts';
import type { TestCheckoutView } from './test-checkout.page.ts';

const NOT_FOUND = 'Checkout session not found';
const EMAIL_NEEDED = 'Enter the e-mail address the receipt goes to';

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
  ) {}

  /** The session this server started; the page exists only in test mode. */
  private async session(id: string): Promise<CheckoutSession> {
    if (this.checkout.mode !== 'test') throw new NotFoundException(NOT_FOUND);
    const session = await this.em.findOne(CheckoutSession, { id }, { populate: ['user'] });
    if (!session) throw new NotFoundException(NOT_FOUND);
    return session;
  }

  async view(id: string, problem?: string): Promise<TestCheckoutView> {
    const session = await this.session(id);
    return {
      path: testCheckoutPath(session.id),
      productName: productOffer(session.productId).name,
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
      metadata: { ...checkoutMetadata(session.productId, session.priceId, userId) },
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

  async cancel(id: string): Promise<string> {
    return (await this.session(id)).cancelUrl;
  }
}
