import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { MailDelivery } from '../../libs/db/index.ts';
import type { Mailer, MailSettings } from '../../libs/mail/index.ts';
import { mailDigest } from '../../libs/mail/digest-messages.ts';
import { untilRecorded } from '../until-recorded.ts';

const run = <T>(em: EntityManager, sql: string, params: unknown[]) => em.getConnection().execute<T[]>(sql, params, 'all');

/** The page where a person chooses what is mailed at once, in the digest or not at all. */
export const MAIL_PREFERENCES_PATH = '/account#mail-preferences';

export function createDigestActivities({ orm, mailer, mailSettings }: { orm: MikroORM; mailer: Mailer; mailSettings: MailSettings }) {
  return {
    /**
     * Sends each person (of `userIds`, else everyone) one digest of the news kept for them, and marks it sent. The
     * news is first claimed as a batch (its digest id), then mailed under the key `mail-digest:<digestId>`, so a retry
     * sends a claimed batch that was not mailed yet, and never a batch twice. Nobody with nothing kept gets mail.
     */
    async sendMailDigests(scope: { userIds?: string[] } = {}): Promise<{ digests: number; items: number }> {
      const em = orm.em.fork();
      const only = scope.userIds ? ` and user_id = any(?::uuid[])` : '';
      const params = scope.userIds ? [`{${scope.userIds.join(',')}}`] : [];
      const waiting = await run<{ user_id: string }>(em, `select distinct user_id from mail_digest_items where digest_id is null${only}`, params);
      for (const { user_id } of waiting) await run(em, `update mail_digest_items set digest_id = ? where user_id = ? and digest_id is null`, [randomUUID(), user_id]);

      const batches = await run<{ user_id: string; digest_id: string; email: string | null }>(
        em,
        `select distinct d.user_id, d.digest_id, u.email from mail_digest_items d join users u on u.id = d.user_id where d.digest_id is not null and d.sent_at is null${only.replace('user_id', 'd.user_id')}`,
        params,
      );
      let digests = 0;
      let items = 0;
      for (const batch of batches) {
        const key = `mail-digest:${batch.digest_id}`;
        const news = await run<{ category: string; subject: string; queued_at: Date }>(em, `select category, subject, queued_at from mail_digest_items where digest_id = ? order by queued_at, key`, [batch.digest_id]);
        if (batch.email && !(await em.findOne(MailDelivery, { key }))) {
          const body = mailDigest(
            news.map((n: { category: string; subject: string; queued_at: Date }) => ({ category: n.category, subject: n.subject, queuedAt: new Date(n.queued_at) })),
            { dashboardUrl: `${mailSettings.portalUrl}/dashboard`, preferencesUrl: `${mailSettings.portalUrl}${MAIL_PREFERENCES_PATH}` },
          );
          await mailer.send({ to: batch.email, ...body, key });
          const recipient = batch.email;
          // Sent: recorded even across a database outage, so that a retry does not send it again.
          await untilRecorded(() => orm.em.fork().insert(MailDelivery, { key, recipient, subject: body.subject, sentAt: new Date() }));
          digests++;
          items += news.length;
        }
        await run(em, `update mail_digest_items set sent_at = now() where digest_id = ?`, [batch.digest_id]);
      }
      return { digests, items };
    },
  };
}
