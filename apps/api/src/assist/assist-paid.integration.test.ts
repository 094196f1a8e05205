import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssistView } from '../../../../libs/contracts/index.ts';
import { AiProviderCall, AssistChange, GeneratorProject } from '../../../../libs/db/index.ts';
import { EditingMessages } from '../../../../libs/domain/index.ts';
import { eventually, fakeAiEngineForFile, testConfig } from '../../../../testing/index.ts';
import { apiClient, serveApi } from '../../../../testing/test-server.ts';
import { insertWrittenBook } from '../../../../testing/written-books.ts';

// The API knows Anthropic is configured; this file's worker (its own task queue) calls the loopback fake with the real SDK.
const config = testConfig({
  TEMPORAL_TASK_QUEUE: `assist-paid-${randomUUID().slice(0, 8)}`,
  ANTHROPIC_API_KEY: 'test-key',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  GENERATION_RATE_LIMIT_PER_HOUR: '1000',
});
const { engine, fake } = fakeAiEngineForFile(config);
let app: INestApplication;
let url = '';
beforeAll(async () => {
  ({ app, url } = await serveApi(config));
});
afterAll(async () => {
  await app?.close();
});
const { call, signUpAccount, stepBookWithChapterOne } = apiClient(() => url);

const settled = (projectId: string, id: string, token: string) =>
  eventually(
    () => call('GET', `/projects/${projectId}/assist/${id}`, undefined, token).then((r) => r.body as unknown as AssistView),
    (view) => view.status !== 'running',
  );

describe('the AI Writing Assistant on a paid provider', () => {
  it('records the call’s tokens and cost in ai_provider_calls and on the change', async () => {
    const { token, id } = await signUpAccount();
    const marker = `marker-${randomUUID()}`;
    const content = `Trust grows when managers share context early (${marker}).\n\nThe rest stays.`;
    const projectId = await insertWrittenBook(engine.deps.orm, { userId: id, provider: 'anthropic', chapters: [{ title: 'Trust', content }] });
    const selection = { start: 0, end: content.indexOf('\n\n') };
    const asked = await call('POST', `/projects/${projectId}/chapters/1/assist`, { action: 'expand', selection, base_version: 1 }, token);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const view = await settled(projectId, asked.body.id as string, token);
    expect(view).toMatchObject({ status: 'ready', provider: 'anthropic', model: config.ANTHROPIC_MODEL });

    // The real SDK sent the assistant's prompt: the passage, and the text after it as context.
    const sent = fake.received.find((r) => JSON.stringify(r.body).includes(marker));
    const prompt = (sent?.body.messages as { content: string }[])[0]?.content ?? '';
    expect(prompt).toContain(`<passage>\n${content.slice(0, selection.end)}\n</passage>`);
    expect(prompt).toContain('<after>\n\n\nThe rest stays.\n</after>');

    const em = engine.deps.orm.em.fork();
    const calls = await em.find(AiProviderCall, { project: projectId });
    expect(calls.map((c) => ({ provider: c.provider, purpose: c.purpose, inputTokens: c.inputTokens }))).toEqual([{ provider: 'anthropic', purpose: 'assist expand chapter 1', inputTokens: 120 }]);
    const [paid] = calls;
    expect(paid?.outputTokens).toBeGreaterThan(0);
    // claude-3-5-haiku-latest: $0.80 in, $4 out per million tokens.
    expect(Number(paid?.costUsd)).toBeCloseTo((120 * 0.8 + (paid?.outputTokens ?? 0) * 4) / 1_000_000, 6);
    expect(view.cost_usd).toBeCloseTo(Number(paid?.costUsd), 6);
    expect(Number((await em.findOneOrFail(AssistChange, { id: view.id })).costUsd)).toBeCloseTo(Number(paid?.costUsd), 6);
    const project = await em.findOneOrFail(GeneratorProject, { id: projectId });
    expect({ calls: project.providerCalls, cost: Number(project.costUsd) }).toEqual({ calls: 1, cost: Number(paid?.costUsd) });
    expect(view.result).toBe(`${view.proposal ?? ''}\n\nThe rest stays.`);
  });

  it("fails with the provider's message when the provider refuses for good", async () => {
    const { token, id } = await signUpAccount();
    const marker = `refuse-${randomUUID()}`;
    fake.failWhen(marker, 400, 'refused on purpose');
    const projectId = await insertWrittenBook(engine.deps.orm, { userId: id, provider: 'anthropic', chapters: [{ title: 'Trust', content: `A passage (${marker}).` }] });
    const asked = await call('POST', `/projects/${projectId}/chapters/1/assist`, { action: 'rewrite' }, token);
    expect(asked.status).toBe(202);
    const view = await settled(projectId, asked.body.id as string, token);
    expect({ status: view.status, error: view.error, proposal: view.proposal, result: view.result }).toEqual({
      status: 'failed',
      error: 'Anthropic: refused on purpose (HTTP 400)',
      proposal: null,
      result: null,
    });
    expect(fake.received.filter((r) => JSON.stringify(r.body).includes(marker))).toHaveLength(1);
    // A failed change can still be put away.
    expect((await call('POST', `/projects/${projectId}/assist/${view.id}/discard`, {}, token)).body.status).toBe('discarded');
  });

  it('waits while the book is being written (the assistant, the author\'s saves and restores, the book\'s language): 409 during a stage, accepted once it has finished', async () => {
    const { token, projectId } = await stepBookWithChapterOne(config.DATABASE_URL);

    fake.delay(1500);
    try {
      const regenerating = call('POST', `/projects/${projectId}/chapters/1/regenerate`, {}, token);
      const running = await eventually(
        () => call('GET', `/projects/${projectId}/lifecycle`, undefined, token).then((r) => r.body as { chapters: Record<string, string> }),
        (progress) => progress.chapters['1'] === 'writing',
      );
      expect(running.chapters['1']).toBe('writing');
      expect((await call('GET', `/projects/${projectId}/writing`, undefined, token)).body).toEqual({ writing: true });
      const busy = await call('POST', `/projects/${projectId}/chapters/1/assist`, { action: 'expand' }, token);
      expect({ status: busy.status, message: busy.body.message }).toEqual({ status: 409, message: EditingMessages.busy });
      // The author's own edits wait too: a save, and a restore of an earlier version.
      const save = await call('PUT', `/projects/${projectId}/chapters/1`, { title: 'Now', content: 'While writing.' }, token);
      expect({ status: save.status, message: save.body.message }).toEqual({ status: 409, message: EditingMessages.busy });
      const [first] = (await call('GET', `/projects/${projectId}/chapters/1/versions`, undefined, token)).body.versions as { id: string }[];
      const restore = await call('POST', `/projects/${projectId}/chapters/1/versions/${first?.id}/restore`, {}, token);
      expect({ status: restore.status, message: restore.body.message }).toEqual({ status: 409, message: EditingMessages.busy });
      // And so does a change of the book's language.
      const settings = await call('PATCH', `/projects/${projectId}/settings`, { language: 'ar' }, token);
      expect({ status: settings.status, message: settings.body.message }).toEqual({ status: 409, message: EditingMessages.settingsBusy });
      expect((await regenerating).status).toBe(200);
      expect((await call('GET', `/projects/${projectId}/writing`, undefined, token)).body).toEqual({ writing: false });
    } finally {
      fake.delay(0);
    }
    const after = await call('POST', `/projects/${projectId}/chapters/1/assist`, { action: 'expand' }, token);
    expect(after.status, JSON.stringify(after.body)).toBe(202);
    expect((await settled(projectId, after.body.id as string, token)).status).toBe('ready');
  }, 60_000);
});
