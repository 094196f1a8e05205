import type { MikroORM } from '@mikro-orm/core';
import { ApplicationFailure } from '@temporalio/activity';
import type { EntityManager } from '@mikro-orm/core';
import { buyerAddress, eliteIncludedLabel, elitePaymentName, isUuid, MAIL_KIND_CLASSES, MUST_KNOW, PRINT_ORDER_STATUSES, printPaymentName, printStatusMailClass, productOffer, salePaymentName, toCents, type MailClass, type MailKind, type PrintOrderStatus } from '../../libs/domain/index.ts';
import { BookRequest, EliteProjectDetails, eliteIncludedOrders, EliteRequest, MailDelivery, Payment, PrintOrder, Sale } from '../../libs/db/index.ts';
import type { Mailer, MailMessage, MailSettings } from '../../libs/mail/index.ts';
import { bookRequestConfirmation, bookRequestNotice, eliteDetailsConfirmation, eliteDetailsNotice, printStatusChange, purchaseReceipt, RECEIPT_GRANTS } from '../../libs/mail/messages.ts';
import { eliteEventMessages } from './elite-mail.ts';
import { saleEbookMessages } from './sale-mail.ts';
import { createDigestActivities } from './digest.ts';
import { isQueued, queueForDigest, routeOf } from './mail-routing.ts';
import { untilRecorded } from '../until-recorded.ts';

export interface MailDeps {
  orm: MikroORM;
  mailer: Mailer;
  mailSettings: MailSettings;
}

/** One message of a kind, keyed so that it is sent once whatever retries or replays happen; must-know unless its class says otherwise. */
interface Addressed {
  key: string;
  message: MailMessage;
  mailClass?: MailClass;
}

/** What a payment bought, as its receipt names it, and what that gives the buyer. */
async function purchased(em: EntityManager, payment: Payment): Promise<{ productName: string; grants: string } | null> {
  if (payment.productId) {
    const offer = productOffer(payment.productId);
    return { productName: offer.name, grants: RECEIPT_GRANTS[offer.grants] };
  }
  if (payment.saleId) {
    const sale = await em.findOne(Sale, { id: payment.saleId });
    if (!sale) return null;
    return { productName: salePaymentName(sale), grants: RECEIPT_GRANTS[sale.edition === 'ebook' ? 'saleEbook' : 'salePrint'] };
  }
  if (payment.eliteRequestId) {
    const request = await em.findOne(EliteRequest, { id: payment.eliteRequestId });
    if (!request) return null;
    return { productName: elitePaymentName(request), grants: RECEIPT_GRANTS.eliteQuote };
  }
  const order = payment.printOrderId ? await em.findOne(PrintOrder, { id: payment.printOrderId }) : null;
  if (!order) return null;
  return { productName: printPaymentName(order), grants: RECEIPT_GRANTS.printOrder };
}

export function createMailActivities({ orm, mailer, mailSettings }: MailDeps) {
  const dashboardUrl = `${mailSettings.portalUrl}/dashboard`;

  /** `<orderId>:<status>`: the author hears of each status the order reached once (a payment request only while it is still unpaid). */
  async function printStatusMessages(em: EntityManager, id: string): Promise<Addressed[]> {
    const [orderId = '', status = ''] = id.split(':');
    if (!isUuid(orderId) || !(PRINT_ORDER_STATUSES as readonly string[]).includes(status)) return [];
    const order = await em.findOne(PrintOrder, { id: orderId });
    if (!order || !order.history.some((event) => event.order_status === status)) return [];
    if (status === 'unpaid' && order.orderStatus !== 'unpaid') return [];
    const mailClass = printStatusMailClass(status as PrintOrderStatus);
    // An Elite request's copies are the request's to tell of (printing, shipped with tracking): only a failure is mailed here too.
    if (mailClass !== MUST_KNOW || status === 'shipped') {
      if (await em.findOne(EliteRequest, { printOrderId: orderId })) return [];
    }
    const included = (await eliteIncludedOrders(em, [orderId])).get(orderId);
    const body = printStatusChange({
      orderId,
      status: status as PrintOrderStatus,
      // An Elite request's copies cost what the author paid for the request, not the provider's price on the row.
      includedIn: included ? eliteIncludedLabel({ amount_cents: included.amountCents, currency: included.currency }) : null,
      bookTitle: order.bookTitle,
      quantity: order.quantity,
      totalCents: toCents(order.totalCost),
      currency: order.currency,
      errorMessage: order.errorMessage ?? null,
      payBy: order.payBy ?? null,
      paymentUrl: order.paymentUrl ?? null,
      trackingId: order.trackingId ?? null,
      carrierName: order.carrierName ?? null,
      trackingUrls: order.trackingUrls,
      dashboardUrl,
    });
    return [{ key: `print-status:${id}`, message: { to: order.contactEmail, ...body }, mailClass }];
  }

  async function messagesFor(kind: MailKind, id: string): Promise<Addressed[]> {
    const em = orm.em.fork();
    if (kind === 'purchase-receipt') {
      const payment = await em.findOne(Payment, { id });
      if (!payment?.email || payment.status !== 'paid' || !payment.paidAt) return [];
      const bought = await purchased(em, payment);
      if (!bought) return [];
      const { productName, grants } = bought;
      const body = purchaseReceipt({ productName, amountCents: payment.amount, currency: payment.currency, paidAt: payment.paidAt, sessionId: payment.stripeSessionId, grants, dashboardUrl });
      return [{ key: `${kind}:${id}`, message: { to: payment.email, ...body } }];
    }
    if (kind === 'print-status') return printStatusMessages(em, id);
    if (kind === 'elite-event') return eliteEventMessages(em, id, mailSettings);
    if (kind === 'sale-ebook') return saleEbookMessages(em, id, mailSettings);
    if (kind === 'book-request') {
      const request = await em.findOne(BookRequest, { id });
      if (!request) return [];
      const facts = { id, name: request.name, email: request.email, bookTopic: request.bookTopic, bookStyle: request.bookStyle ?? null, bookDescription: request.bookDescription, additionalNotes: request.additionalNotes ?? null, dashboardUrl };
      return [
        { key: `${kind}:${id}:author`, message: { to: request.email, ...bookRequestConfirmation(facts) } },
        { key: `${kind}:${id}:support`, message: { to: mailSettings.supportEmail, replyTo: request.email, ...bookRequestNotice(facts) } },
      ];
    }
    const details = await em.findOne(EliteProjectDetails, { id }, { populate: ['payment', 'user'] });
    if (!details) return [];
    // The form's e-mail field is anyone's to fill in: what the buyer wrote goes only to the buyer's own address, and the team.
    const buyer = buyerAddress(details.payment.email, details.user);
    const facts = { id, name: details.name, email: buyer ?? details.email, bookTopic: details.bookTopic, bookDescription: details.bookDescription, timeline: details.timeline ?? null, additionalNotes: details.additionalNotes ?? null, paymentReference: details.payment.stripeSessionId };
    return [
      ...(buyer ? [{ key: `${kind}:${id}:author`, message: { to: buyer, ...eliteDetailsConfirmation(facts) } }] : []),
      { key: `${kind}:${id}:support`, message: { to: mailSettings.supportEmail, ...(buyer ? { replyTo: buyer } : {}), ...eliteDetailsNotice(facts) } },
    ];
  }

  return {
    ...createDigestActivities({ orm, mailer, mailSettings }),
    /**
     * Sends the messages a row calls for, each once: a message already recorded in mail_deliveries (or kept for a
     * digest) is skipped, so a retry after a partial failure sends only what is missing. A row that is gone (or not yet
     * paid) sends nothing. News goes the way its recipient chose (mail-routing.ts): at once, to the digest, or nowhere.
     */
    async sendMail(kind: MailKind, id: string): Promise<{ sent: number; queued?: number }> {
      let sent = 0;
      let queued = 0;
      const kindClass = MAIL_KIND_CLASSES[kind];
      for (const { key, message, mailClass = kindClass === 'per status' || kindClass === 'per event' ? MUST_KNOW : kindClass } of await messagesFor(kind, id)) {
        const em = orm.em.fork();
        if ((await em.findOne(MailDelivery, { key })) || (await isQueued(em, key))) continue;
        const route = await routeOf(em, message.to, mailClass);
        if (route.how === 'off') continue;
        if (route.how === 'digest') {
          if (await queueForDigest(em, key, route.userId, mailClass, message)) queued++;
          continue;
        }
        try {
          await mailer.send({ ...message, key });
        } catch (error) {
          // SMTP answers 5xx for an address it will never accept: retrying cannot help.
          const code = (error as { responseCode?: number }).responseCode;
          if (code && code >= 500 && code < 600) throw ApplicationFailure.nonRetryable(`mail to ${message.to} refused: ${(error as Error).message}`, 'MailRefused');
          throw error;
        }
        // Sent: recorded even across a database outage, so that a retry does not send it again.
        await untilRecorded(() => orm.em.fork().insert(MailDelivery, { key, recipient: message.to, subject: message.subject, sentAt: new Date() }));
        sent++;
      }
      return queued ? { sent, queued } : { sent };
    },
  };
}
