import { EntityManager } from '@mikro-orm/postgresql';
import { BadGatewayException, BadRequestException, ConflictException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { realAiConfigured } from '../../../../libs/ai/index.ts';
import { onSite, siteBaseFor, siteOrigins, type Config } from '../../../../libs/config/index.ts';
import type { CheckoutProduct } from '../../../../libs/contracts/index.ts';
import { CheckoutSession, User } from '../../../../libs/db/index.ts';
import { CheckoutMessages, offerUnavailable, type OfferFacts } from '../../../../libs/domain/index.ts';
import {
  amountInCents,
  checkoutMetadata,
  checkoutProducts,
  createStripeClient,
  offerForPrice,
  paymentsMode,
  successUrlWithSessionId,
  testCheckoutPath,
  type PaymentsMode,
  type Stripe,
} from '../../../../libs/payments/index.ts';
import type { AuthUser } from '../common/auth.types.ts';
import { CONFIG } from '../config/config.module.ts';
import type { CreateCheckoutSessionDto } from './checkout.dto.ts';

/** Starts Stripe Checkout Sessions for the offers (spec §7, "Checkout") and records each one it started. */
@Injectable()
export class CheckoutService {
  private readonly logger = new Logger(CheckoutService.name);
  readonly mode: PaymentsMode;
  private readonly stripe: Stripe | null;
  /** The portal's configured address without a trailing slash, and the origins it is reached at (siteOrigins, space-separated as a policy lists them): the only places a buyer is sent back to. */
  readonly portalBase: string;
  readonly portalOrigins: string;
  /** What the offers need of this server: a purchase that could not be used here is not sold. */
  private readonly facts: OfferFacts;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly em: EntityManager,
  ) {
    this.mode = paymentsMode(config);
    this.stripe = this.mode === 'off' ? null : createStripeClient(config);
    this.portalBase = config.PORTAL_URL.replace(/\/+$/, '');
    this.portalOrigins = siteOrigins(config.PORTAL_URL).join(' ');
    this.facts = { realAi: realAiConfigured(config) };
  }

  products(): CheckoutProduct[] {
    return checkoutProducts(this.config, this.facts);
  }

  /** An address of the portal (at any of its origins), which is all a checkout may send the buyer back to (no open redirect). */
  onPortal(address: string): boolean {
    return onSite(this.config.PORTAL_URL, address);
  }

  async create(dto: CreateCheckoutSessionDto, user: AuthUser | undefined, referer: string | undefined): Promise<{ url: string; id: string }> {
    if (!this.stripe) throw new ServiceUnavailableException(CheckoutMessages.notConfigured);
    const offer = offerForPrice(this.config, dto.priceId);
    if (!offer) throw new BadRequestException(CheckoutMessages.unknownPrice);
    if (dto.mode !== undefined && dto.mode !== offer.mode) throw new BadRequestException(CheckoutMessages.modeMismatch(offer.mode));
    const unavailable = offerUnavailable(offer.id, this.facts);
    if (unavailable) throw new ConflictException(unavailable);
    // The buyer comes back to the origin they bought at (where their session is), by default the one they came from.
    const base = siteBaseFor(this.config.PORTAL_URL, referer);
    const successUrl = dto.successUrl ?? `${base}/success`;
    const cancelUrl = dto.cancelUrl ?? (referer && this.onPortal(referer) ? referer : `${base}/`);
    if (!this.onPortal(successUrl) || !this.onPortal(cancelUrl)) throw new BadRequestException(CheckoutMessages.badRedirect);

    // The account's current address (the token's may predate an e-mail change).
    const email = user ? ((await this.em.findOne(User, { id: user.id }))?.email ?? null) : null;
    const stripeSuccessUrl = successUrlWithSessionId(successUrl);
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create({
        mode: offer.mode,
        line_items: [{ price: dto.priceId, quantity: 1 }],
        success_url: stripeSuccessUrl,
        cancel_url: cancelUrl,
        ...(user ? { client_reference_id: user.id } : {}),
        ...(email ? { customer_email: email } : {}),
        metadata: { ...checkoutMetadata(offer.id, dto.priceId, user?.id ?? null) },
      });
    } catch (error) {
      this.logger.warn(`Stripe refused a checkout session: ${error instanceof Error ? error.message : String(error)}`);
      throw new BadGatewayException(CheckoutMessages.failed);
    }
    const url = this.mode === 'test' ? `${siteBaseFor(this.config.PORTAL_URL, successUrl)}${testCheckoutPath(session.id)}` : session.url;
    if (!url) throw new BadGatewayException(CheckoutMessages.failed);

    this.em.create(CheckoutSession, {
      id: session.id,
      user: user ? this.em.getReference(User, user.id) : null,
      productId: offer.id,
      priceId: dto.priceId,
      mode: offer.mode,
      amount: amountInCents(offer),
      currency: offer.currency,
      customerEmail: email,
      successUrl: stripeSuccessUrl,
      cancelUrl,
    });
    await this.em.flush();
    return { url, id: session.id };
  }

  /**
   * A Checkout Session for an amount Pressroom computed (a shop sale), recorded with what it pays for so the webhook's
   * event is held to it. It expires at `payBy` (Stripe allows 30 minutes to 24 hours). Throws 503 with payments off,
   * 502 when Stripe refuses.
   */
  async createForAmount(payment: AmountSession): Promise<{ url: string; id: string }> {
    if (!this.stripe) throw new ServiceUnavailableException(CheckoutMessages.notConfigured);
    const successUrl = successUrlWithSessionId(payment.successUrl);
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [{ quantity: 1, price_data: { currency: payment.currency, unit_amount: payment.amountCents, product_data: { name: payment.name } } }],
          success_url: successUrl,
          cancel_url: payment.cancelUrl,
          ...(payment.userId ? { client_reference_id: payment.userId } : {}),
          customer_email: payment.customerEmail,
          metadata: payment.metadata,
          expires_at: Math.floor(payment.payBy.getTime() / 1000),
        },
        { idempotencyKey: payment.idempotencyKey },
      );
    } catch (error) {
      this.logger.warn(`Stripe refused a checkout session: ${error instanceof Error ? error.message : String(error)}`);
      throw new BadGatewayException(CheckoutMessages.failed);
    }
    const url = this.mode === 'test' ? `${siteBaseFor(this.config.PORTAL_URL, payment.successUrl)}${testCheckoutPath(session.id)}` : session.url;
    if (!url) throw new BadGatewayException(CheckoutMessages.failed);
    const em = this.em.fork();
    em.create(CheckoutSession, {
      id: session.id,
      user: payment.userId ? em.getReference(User, payment.userId) : null,
      productId: null,
      saleId: payment.saleId,
      priceId: '',
      mode: 'payment',
      amount: payment.amountCents,
      currency: payment.currency,
      customerEmail: payment.customerEmail,
      successUrl,
      cancelUrl: payment.cancelUrl,
    });
    await em.flush();
    return { url, id: session.id };
  }
}

/** What createForAmount charges for: a shop sale's total, in cents. */
export interface AmountSession {
  name: string;
  amountCents: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
  customerEmail: string;
  userId: string | null;
  metadata: Record<string, string>;
  saleId: string;
  payBy: Date;
  idempotencyKey: string;
}
