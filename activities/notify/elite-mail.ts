import type { EntityManager } from '@mikro-orm/core';
import type { EliteNotification } from '../../libs/contracts/index.ts';
import { EliteProof, EliteQuote, EliteRequest, EliteRequestEvent, PrintOrder, Profile } from '../../libs/db/index.ts';
import { eliteEventMailClass, eliteMailSubjectKey, elitePromiseLabel, ELITE_PROMISES, eliteRequestPath, eliteWorkflowId, isUuid, type ElitePromiseName, type MailClass } from '../../libs/domain/index.ts';
import type { MailMessage, MailSettings } from '../../libs/mail/index.ts';
import { eliteAuthorUpdate, eliteRequestConfirmation, eliteRequestNotice, eliteTeamUpdate, type EliteEventFacts } from '../../libs/mail/elite-messages.ts';
import { eliteAudience, type EliteAudience } from '../elite/audience.ts';
import { actingTeamMember } from './team-member-name.ts';

interface Addressed {
  key: string;
  message: MailMessage;
  mailClass: MailClass;
}

const isPromise = (value: unknown): value is ElitePromiseName => (ELITE_PROMISES as readonly unknown[]).includes(value);

/** The promise a reminder or breach is about: the one the event names, else the one the projection last reminded or breached. */
function promiseOf(request: EliteRequest, event: EliteRequestEvent): EliteEventFacts['promise'] {
  const named = event.data.promise;
  const mark = event.kind === 'sla_breached' ? 'breachedAt' : 'remindedAt';
  const promise = isPromise(named)
    ? request.promises.find((p) => p.name === named)
    : request.promises.filter((p) => p[mark]).sort((a, b) => Date.parse(b[mark] ?? '') - Date.parse(a[mark] ?? ''))[0];
  return promise ? { label: elitePromiseLabel(promise.name, request.copies), dueAt: new Date(promise.dueAt) } : null;
}

/** Every admin (profiles with the admin role) by user id and address. */
async function admins(em: EntityManager): Promise<{ id: string; email: string }[]> {
  const profiles = await em.find(Profile, { role: 'admin' }, { populate: ['user'] });
  return profiles.flatMap((p) => {
    const email = p.email || p.user.email;
    return email ? [{ id: p.user.id, email }] : [];
  });
}

/**
 * `<requestId>:<eventId>`: the messages an Elite request's event calls for, each keyed by its recipient's role (and
 * each admin by their id) so it is sent once; activities/elite/audience.ts says who hears of what.
 */
export async function eliteEventMessages(em: EntityManager, id: string, settings: MailSettings): Promise<Addressed[]> {
  const [requestId = '', eventId = ''] = id.split(':');
  if (!isUuid(requestId) || !isUuid(eventId)) return [];
  const event = await em.findOne(EliteRequestEvent, { id: eventId, request: requestId });
  if (!event) return [];
  const audience = eliteAudience(event);
  if (audience.length === 0) return [];
  const request = await em.findOneOrFail(EliteRequest, { id: requestId }, { populate: ['user', 'assignee'] });

  const quoteId = event.data.quoteId;
  const quote = typeof quoteId === 'string' && isUuid(quoteId) ? await em.findOne(EliteQuote, { id: quoteId, request: requestId }) : await em.findOne(EliteQuote, { request: requestId }, { orderBy: { sentAt: 'desc' } });
  const [proof] = await em.find(EliteProof, { request: requestId }, { orderBy: { round: 'desc' }, limit: 1 });
  const order = request.printOrderId ? await em.findOne(PrintOrder, { id: request.printOrderId }) : null;
  const facts: EliteEventFacts = {
    requestId,
    kind: event.kind,
    by: event.by ?? null,
    note: event.note ?? null,
    step: event.step ?? null,
    topic: request.topic,
    authorName: request.userName,
    authorEmail: request.userEmail,
    prepaid: request.prepaid,
    refundDue: event.data.refundDue === true,
    copies: request.copies ?? null,
    quote: quote ? { amountCents: quote.amountCents, currency: quote.currency, copies: quote.copies, timeline: quote.timeline, includes: quote.includes, message: quote.message, validUntil: quote.validUntil } : null,
    payBy: request.payBy ?? null,
    cancelReason: request.cancelReason ?? null,
    proofRound: typeof event.data.round === 'number' ? event.data.round : (proof?.round ?? null),
    promise: event.kind === 'sla_reminder' || event.kind === 'sla_breached' ? promiseOf(request, event) : null,
    tracking: order ? { id: order.trackingId ?? null, carrier: order.carrierName ?? null, urls: order.trackingUrls } : null,
    requestUrl: `${settings.portalUrl}${eliteRequestPath(requestId)}`,
    adminUrl: `${settings.portalUrl}/admin/elite-requests/${requestId}/show`,
    runUrl: `${settings.workflowsUrl}/${eliteWorkflowId(requestId)}`,
    teamMember: await actingTeamMember(em, event.by ?? null, [request.userEmail, request.user.email]),
  };

  // The team hears of a cancellation it did not make itself (the workflow names the actor's role; else the author's address tells).
  const authorAddresses = [request.userEmail, request.user.email].flatMap((a) => (a ? [a.toLowerCase()] : []));
  const byTeam = event.data.role === 'team' || (event.data.role === undefined && Boolean(event.by) && !authorAddresses.includes((event.by ?? '').toLowerCase()));
  const cancelledByTeam = event.kind === 'cancelled' && byTeam;
  // Keyed by what the mail is about, not by the event: a book run rebuilt again (its cover redrawn) is the same news.
  const about = eliteMailSubjectKey(event.kind, eventId, event.step ?? null, event.data);
  const key = (recipient: string) => `elite-event:${requestId}:${about}:${recipient}`;
  const toAuthor = eliteEventMailClass(event.kind, 'author');
  const toTeam = eliteEventMailClass(event.kind, 'team');
  const messagesFor = async (role: EliteAudience): Promise<Addressed[]> => {
    switch (role) {
      case 'author':
        return [{ key: key(role), message: { to: request.userEmail, ...(event.kind === 'received' ? eliteRequestConfirmation(facts) : eliteAuthorUpdate(facts)) }, mailClass: toAuthor }];
      case 'support': {
        const notification: EliteNotification = { user_id: request.user.id, type: 'elite_service_request', data: request.requestData };
        return [{ key: key(role), message: { to: settings.supportEmail, replyTo: request.userEmail, ...eliteRequestNotice(notification, facts) }, mailClass: toTeam }];
      }
      case 'team':
        return cancelledByTeam ? [] : [{ key: key(role), message: { to: request.assignee?.email ?? settings.supportEmail, replyTo: request.userEmail, ...eliteTeamUpdate(facts) }, mailClass: toTeam }];
      case 'admins': {
        const body = eliteTeamUpdate(facts);
        const everyone = await admins(em);
        if (everyone.length === 0) return [{ key: key(role), message: { to: settings.supportEmail, replyTo: request.userEmail, ...body }, mailClass: toTeam }];
        return everyone.map((admin) => ({ key: key(`admin:${admin.id}`), message: { to: admin.email, replyTo: request.userEmail, ...body }, mailClass: toTeam }));
      }
    }
  };

  const messages: Addressed[] = [];
  for (const role of audience) messages.push(...(await messagesFor(role)));
  return messages;
}
