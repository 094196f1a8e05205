import type { MikroORM } from '@mikro-orm/core';
import type { BookRequestStatusEntry } from '../../libs/db/index.ts';

/** The row's side of a book request's workflow: each write is safe to repeat, so a retried activity changes nothing twice. */
export function createBookRequestActivities({ orm }: { orm: MikroORM }) {
  const execute = (sql: string, params: unknown[]) => orm.em.fork().getConnection().execute(sql, params);

  return {
    async recordResponseDeadline(requestId: string, respondBy: string): Promise<void> {
      await execute('update form_submissions set respond_by = ? where id = ?', [respondBy, requestId]);
    },

    /** The deadline passed with the request still pending; the first breach is the one kept. */
    async recordOverdue(requestId: string, at: string): Promise<void> {
      await execute('update form_submissions set overdue_at = coalesce(overdue_at, ?) where id = ?', [at, requestId]);
    },

    /** Sets the status and appends the change to the timeline, unless this very change is there already. */
    async recordStatusChange(requestId: string, change: BookRequestStatusEntry): Promise<void> {
      const entry = JSON.stringify([change]);
      await execute('update form_submissions set status = ?, status_history = status_history || ?::jsonb where id = ? and not status_history @> ?::jsonb', [change.status, entry, requestId, entry]);
    },
  };
}
