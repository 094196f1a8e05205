import { randomUUID } from 'node:crypto';
import { LockMode, type MikroORM } from '@mikro-orm/core';
import { EliteRequest, Notification, User, type ElitePromiseRecord } from '../../libs/db/index.ts';
import { isFinalEliteStatus } from '../../libs/domain/index.ts';
import type { EliteEventRecord, EliteState } from '../../libs/domain/index.ts';
import { tellsAuthor } from './audience.ts';
import type { EliteActivities } from './types.ts';

const dateOrNull = (iso: string | null) => (iso ? new Date(iso) : null);

/** When the request is next due: the earliest promise not yet met, while the request is open. */
function dueAtOf(state: Pick<EliteState, 'status' | 'promises'>): Date | null {
  if (isFinalEliteStatus(state.status)) return null;
  const due = state.promises.filter((p) => !p.metAt).map((p) => Date.parse(p.dueAt));
  return due.length ? new Date(Math.min(...due)) : null;
}

/** The request's columns that mirror the workflow's state. */
function projectionOf(state: EliteState) {
  const promises: ElitePromiseRecord[] = state.promises.map(({ name, dueAt, metAt, remindedAt, breachedAt }) => ({ name, dueAt, metAt, remindedAt, breachedAt }));
  return {
    status: state.status,
    step: state.step,
    stepStarted: state.stepStarted,
    proofState: state.proof,
    copies: state.copies,
    payBy: dateOrNull(state.payBy),
    paidAt: dateOrNull(state.paidAt),
    shippingAddress: state.shippingAddress,
    printOrderId: state.printOrderId,
    promises,
    slaBreached: promises.some((p) => p.breachedAt !== null),
    dueAt: dueAtOf(state),
    firstQuotedAt: dateOrNull(state.firstQuotedAt),
    cancelReason: state.cancelReason,
    deliveredAt: dateOrNull(state.deliveredAt),
    completedAt: dateOrNull(state.completedAt),
  };
}

export function createEliteProjectionActivities({ orm }: { orm: MikroORM }): Pick<EliteActivities, 'recordEliteEvent'> {
  return {
    async recordEliteEvent(requestId: string, event: EliteEventRecord, state: EliteState): Promise<void> {
      await orm.em.fork().transactional(async (em) => {
        const request = await em.findOneOrFail(EliteRequest, { id: requestId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        const inserted = await em
          .getConnection()
          .execute<{ id: string }[]>(
            `insert into elite_request_events (id, request_id, at, kind, "by", note, step, data) values (?, ?, ?, ?, ?, ?, ?, ?::jsonb) on conflict (id) do nothing returning id`,
            [event.id, requestId, new Date(event.at), event.kind, event.by, event.note ?? null, event.step ?? null, JSON.stringify(event.data ?? {})],
            'all',
            em.getTransactionContext(),
          );

        const { shippingAddress, ...projection } = projectionOf(state);
        Object.assign(request, projection, { assignee: state.assignee ? em.getReference(User, state.assignee.id) : null });
        // While its copies print, the address is their order's run's to correct (recordPrintOrderAddress writes it here).
        if (state.status !== 'printing') request.shippingAddress = shippingAddress;
        if (inserted.length > 0 && tellsAuthor(event)) {
          em.create(Notification, {
            id: randomUUID(),
            user: request.user,
            type: 'elite_request_status',
            data: { elite_request_id: requestId, event: event.kind, status: state.status, step: event.step ?? state.step, topic: request.topic },
            createdAt: new Date(event.at),
          });
        }
      });
    },
  };
}
