import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EliteRequestView } from '../../../../libs/contracts/index.ts';
import { EliteProof, EliteQuote, EliteRequest, EliteRequestEvent, User } from '../../../../libs/db/index.ts';
import { DEFAULT_TEAM_DISPLAY_NAME, type EliteActor } from '../../../../libs/domain/index.ts';
import { insertEliteRequest, newEliteActor } from '../../../../testing/elite-requests.ts';
import { testConfig } from '../../../../testing/index.ts';
import { apiClient, serveApi } from '../../../../testing/test-server.ts';

let api: { app: INestApplication; url: string };
const { call, signUpAccount } = apiClient(() => api.url);
beforeAll(async () => {
  api = await serveApi(testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }));
});
afterAll(() => api?.app.close());

describe("an author's Elite request names the team as authors may know it", () => {
  it('shows a display name (or the team’s) wherever a team member acted, never their address', async () => {
    const orm = api.app.get<MikroORM>(MikroORM);
    const { token, id } = await signUpAccount();
    const em = orm.em.fork();
    const author: EliteActor = { id, email: (await em.findOneOrFail(User, id)).email as string, role: 'author' };
    const sam = await newEliteActor(orm, 'team');
    const nameless = await newEliteActor(orm, 'team', { admin: true });
    await em.nativeUpdate(User, { id: sam.id }, { displayName: 'Sam from Pressroom' });

    const requestId = await insertEliteRequest(orm, author);
    const request = em.getReference(EliteRequest, requestId);
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    const event = (minutes: number, kind: EliteRequestEvent['kind'], by: string | null, note: string | null = null) => em.create(EliteRequestEvent, { id: randomUUID(), request, at: at(minutes), kind, by, note, data: {} });
    // The admin assigned Sam; Sam sent the quote; the author accepted; the nameless admin sent a proof.
    event(1, 'assigned', nameless.email, sam.email);
    event(2, 'quote_sent', sam.email);
    event(3, 'quote_accepted', author.email);
    event(4, 'proof_sent', nameless.email, 'Round one');
    em.create(EliteQuote, { id: randomUUID(), request, amountCents: 75_000, currency: 'usd', copies: 10, timeline: '2 weeks', includes: ['Editing'], message: 'Here it is', sentBy: sam.email, sentAt: at(2), validUntil: at(60 * 24), status: 'accepted' });
    em.create(EliteProof, { id: randomUUID(), request, round: 1, interiorKey: 'x', coverKey: 'y', sentBy: nameless.email, sentAt: at(4) });
    await em.flush();

    const answers = [(await call('GET', `/elite-requests/${requestId}`, undefined, token)).body as unknown as EliteRequestView];
    answers.push(((await call('GET', '/elite-requests', undefined, token)).body as unknown as EliteRequestView[]).find((r) => r.id === requestId) as EliteRequestView);
    for (const view of answers) {
      expect(view.timeline.filter((e) => e.kind !== 'received').map((e) => [e.kind, e.by, e.note])).toEqual([
        ['assigned', 'Sam from Pressroom', null],
        ['quote_sent', 'Sam from Pressroom', null],
        ['quote_accepted', author.email, null],
        ['proof_sent', DEFAULT_TEAM_DISPLAY_NAME, 'Round one'],
      ]);
      expect(view.quote?.sent_by).toBe('Sam from Pressroom');
      expect(view.proofs.map((p) => p.sent_by)).toEqual([DEFAULT_TEAM_DISPLAY_NAME]);
      const text = JSON.stringify(view);
      for (const member of [sam, nameless]) expect(text).not.toContain(member.email);
    }
  });
});
