import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EditingMessages, GenerationMessages } from '../../../../libs/domain/index.ts';
import { eventually, fakeAiEngineForFile, testConfig } from '../../../../testing/index.ts';
import { grantBookCredit } from '../../../../testing/purchases.ts';
import { apiClient, serveForFile } from '../../../../testing/test-server.ts';

// A book whose run an operator terminates mid-stage: its progress row still says a stage is writing, and the author's
// edits must not stay refused for it; the project's row must not stay in that stage either (lists, back office, /metrics).
const config = testConfig({
  TEMPORAL_TASK_QUEUE: `ended-run-${randomUUID().slice(0, 8)}`,
  ANTHROPIC_API_KEY: 'test-key',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  GENERATION_RATE_LIMIT_PER_HOUR: '1000',
});
const { engine, fake } = fakeAiEngineForFile(config);
const served = serveForFile(config);
const { call, signUpAccount, stepBookWithChapterOne } = apiClient(() => served.url);

type Lifecycle = { stage: string; message: string; chapters: Record<string, string> };

describe('a book whose run was terminated mid-stage', () => {
  it('takes the author’s edit: the API finds the run closed, settles the progress row, and the next stage resumes the book', async () => {
    const { token, projectId } = await stepBookWithChapterOne(config.DATABASE_URL);

    fake.delay(8000);
    let regenerating: Promise<unknown> = Promise.resolve();
    try {
      regenerating = call('POST', `/projects/${projectId}/chapters/1/regenerate`, {}, token);
      await eventually(
        () => call('GET', `/projects/${projectId}/lifecycle`, undefined, token).then((r) => r.body as unknown as Lifecycle),
        (progress) => progress.chapters['1'] === 'writing',
      );
      // While the run writes, an edit waits (the run is asked once, and it is open).
      const busy = await call('PUT', `/projects/${projectId}/chapters/1`, { title: 'Now', content: 'While writing.' }, token);
      expect({ status: busy.status, message: busy.body.message }).toEqual({ status: 409, message: EditingMessages.busy });

      await engine.client.workflow.getHandle(`book-${projectId}`).terminate('an operator stopped the run');
      // The stage call that was running ends with its run; what it answers is the terminated update's business.
      await regenerating.catch(() => undefined);

      expect((await call('GET', `/projects/${projectId}/writing`, undefined, token)).body).toEqual({ writing: false });
      const saved = await call('PUT', `/projects/${projectId}/chapters/1`, { title: 'After the stop', content: 'Edited once the run was gone.' }, token);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const settled = (await call('GET', `/projects/${projectId}/lifecycle`, undefined, token)).body as unknown as Lifecycle;
      expect({ stage: settled.stage, message: settled.message }).toEqual({ stage: 'idle', message: GenerationMessages.bookPutAway });
      expect((await call('GET', `/projects/${projectId}`, undefined, token)).body).toMatchObject({ stage: 'idle', failed_stage: null });
    } finally {
      fake.delay(0);
      await regenerating.catch(() => undefined);
    }

    // The next stage call starts a new run from what is written, and that run's writing is waited for again.
    const again = await call('POST', `/projects/${projectId}/chapters/1/regenerate`, {}, token);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const run = await engine.client.workflow.getHandle(`book-${projectId}`).describe();
    expect(run.status.name).toBe('RUNNING');
    expect((await call('GET', `/projects/${projectId}/writing`, undefined, token)).body).toEqual({ writing: false });
    await engine.client.workflow.getHandle(`book-${projectId}`).terminate('test over');
  }, 90_000);

  it('fails a book written in one go at the stage it was in, and gives its credit back', async () => {
    const { token, id } = await signUpAccount();
    await grantBookCredit(config.DATABASE_URL, id);
    fake.delay(8000);
    try {
      const brief = { title: 'Terminated', author: 'Ada Writer', book_idea: 'How small companies lead distributed teams with trust and rituals', ai_model: 'anthropic', total_target_words: 10_000, chapter_count: 3 };
      const started = await call('POST', '/projects/generate-complete', brief, token);
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const projectId = started.body.project_id as string;
      await eventually(
        () => call('GET', `/projects/${projectId}`, undefined, token).then((r) => r.body.stage as string),
        (stage) => stage === 'generating_outline',
      );
      expect((await call('GET', '/subscription', undefined, token)).body.book_credits).toBe(0);

      await engine.client.workflow.getHandle(`book-${projectId}`).terminate('an operator stopped the run');
      expect((await call('GET', `/projects/${projectId}/writing`, undefined, token)).body).toEqual({ writing: false });
      expect((await call('GET', `/projects/${projectId}`, undefined, token)).body).toMatchObject({ stage: 'failed', failed_stage: 'generating_outline', error: GenerationMessages.failed });
      expect((await call('GET', '/subscription', undefined, token)).body.book_credits).toBe(1);
    } finally {
      fake.delay(0);
    }
  }, 60_000);
});
