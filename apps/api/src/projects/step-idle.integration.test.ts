import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GeneratorProject } from '../../../../libs/db/index.ts';
import { bookWorkflowId, GenerationMessages } from '../../../../libs/domain/index.ts';
import { testConfig } from '../../../../testing/index.ts';
import { apiClient, type Json, serveWithWorker } from '../../../../testing/test-server.ts';
import type { BookInput } from '../../../../workflows/book/messages.ts';
import { bookWorkflow } from '../../../../workflows/book/workflow.ts';

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
const served = serveWithWorker(config);

const { call } = apiClient(() => served.url);
const brief = { title: 'Unhurried Books', author: 'Ada Writer', topic: 'How authors come back to a book after weeks away from it', ai_model: 'mock', total_target_words: 10_000 };

/** A step-mode book as POST /projects makes it, but with an idle time-out short enough to wait for. */
async function stepBookIdleAfter(idleTimeout: BookInput['idleTimeout']) {
  const em = served.engine.deps.orm.em.fork();
  const project = em.create(GeneratorProject, {
    id: randomUUID(), name: 'unhurried-books', title: brief.title, author: brief.author, topic: brief.topic, writingStyle: 'practical',
    totalTargetWords: 10_000, language: 'English', provider: 'mock', mode: 'step', createdAt: new Date(), updatedAt: new Date(),
  });
  await em.flush();
  const handle = await served.engine.client.workflow.start(bookWorkflow, {
    workflowId: bookWorkflowId(project.id),
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    args: [{ projectId: project.id, mode: 'step', chapterConcurrency: config.CHAPTER_CONCURRENCY, chaptersToGenerate: null, idleTimeout }],
  });
  return { id: project.id, handle };
}

describe('a step-mode book whose run ended after a long pause', () => {
  it('reads the same throughout, and the next stage call carries on from what was written', async () => {
    const { id, handle } = await stepBookIdleAfter('2 seconds');
    const outline = await call('POST', `/projects/${id}/generate-outline`, { chapter_count: 5, book_style: 'academic' });
    expect(outline.status).toBe(200);
    const toc = outline.body.toc as { title: string }[];
    expect(toc).toHaveLength(5);

    expect(await handle.result()).toMatchObject({ stage: 'idle', message: GenerationMessages.bookPutAway });
    const idle = (await call('GET', `/projects/${id}`)).body;
    expect(idle).toMatchObject({ stage: 'idle', writing_style: 'academic', introduction: null, chapters: [] });
    expect((idle.outline as { chapters: unknown[] }).chapters).toEqual((outline.body.toc as unknown[]));
    expect((await call('GET', `/projects/${id}/lifecycle`)).body).toMatchObject({ stage: 'idle', chapterCount: 5 });
    // A page reopened on the book does not wait: nothing is writing it.
    expect((await call('GET', `/projects/${id}/writing`)).body).toEqual({ writing: false });

    // The resume page's calls: the project, then the next stage.
    const introduction = await call('POST', `/projects/${id}/generate-introduction`, { ai_model: 'mock' });
    expect(introduction.status).toBe(200);
    expect(introduction.body.introduction).toBeTruthy();
    const resumed = served.engine.client.workflow.getHandle(bookWorkflowId(id));
    expect((await resumed.describe()).runId).not.toBe(handle.firstExecutionRunId);

    const chapters = await call('POST', `/projects/${id}/generate-chapters`, { chapters_to_generate: [1, 2] });
    expect(chapters.body.chapters_generated).toBe(2);
    const lifecycle = (await call('GET', `/projects/${id}/lifecycle`)).body as Json & { chapters: Record<number, string>; history: { stage: string; completed: boolean }[] };
    expect(lifecycle.chapters).toEqual({ 1: 'generated', 2: 'generated', 3: 'pending', 4: 'pending', 5: 'pending' });
    expect(lifecycle.history.filter((h) => h.completed).map((h) => h.stage)).toEqual(['creating_project', 'generating_outline', 'generating_introduction', 'generating_chapters']);
    expect((await call('GET', `/projects/${id}/writing`)).body).toEqual({ writing: false });

    const project = (await call('GET', `/projects/${id}`)).body;
    // The outline planned before the pause is the one the book goes on with.
    expect((project.outline as { chapters: unknown[] }).chapters).toEqual(toc);
    expect(project).toMatchObject({ stage: 'generating_chapters', introduction: introduction.body.introduction, writing_style: 'academic' });
    expect((await call('POST', `/projects/${id}/finalize`)).body).toEqual({ status: 'finalized', project_id: id });
    await resumed.result();

    // A finished book takes no more stages: it says so instead of failing.
    const late = await call('POST', `/projects/${id}/generate-summary`);
    expect(late).toMatchObject({ status: 400, body: { message: GenerationMessages.bookFinalized } });
  });

  it('answers a stage call on a cancelled book with 400, not a new run', async () => {
    const id = (await call('POST', '/projects', brief)).body.project_id as string;
    await call('POST', `/projects/${id}/cancel`);
    await served.engine.client.workflow.getHandle(bookWorkflowId(id)).result().catch(() => undefined);
    const answer = await call('POST', `/projects/${id}/generate-outline`, {});
    expect(answer).toMatchObject({ status: 400, body: { message: GenerationMessages.bookCancelled } });
  });
});
