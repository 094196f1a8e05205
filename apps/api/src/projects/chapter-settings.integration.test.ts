import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GeneratorProject } from '../../../../libs/db/index.ts';
import { bookWorkflowId, ChapterSettingsMessages } from '../../../../libs/domain/index.ts';
import { eventually, testConfig } from '../../../../testing/index.ts';
import { apiClient, serveWithWorker } from '../../../../testing/test-server.ts';
import { bookWorkflow } from '../../../../workflows/book/workflow.ts';

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
const served = serveWithWorker(config);
const { call } = apiClient(() => served.url);

const brief = { title: 'Remote Leadership', author: 'Ada Writer', book_idea: 'How small companies lead distributed teams with trust and rituals', ai_model: 'mock', total_target_words: 10_000 };

async function outlined(): Promise<string> {
  const created = await call('POST', '/projects', brief);
  expect(created.status).toBe(201);
  const id = created.body.project_id as string;
  expect((await call('POST', `/projects/${id}/generate-outline`, { ...brief, chapter_count: 3 })).status).toBe(200);
  return id;
}

describe('generation_mode and content_depth on the API', () => {
  it('refuses values outside the spec’s lists, and selective without chosen chapters', async () => {
    const mode = await call('POST', '/projects', { ...brief, generation_mode: 'random' });
    expect(mode.status).toBe(400);
    expect(JSON.stringify(mode.body)).toContain(ChapterSettingsMessages.mode);
    const depth = await call('POST', '/projects/generate-complete', { ...brief, content_depth: 'deep' });
    expect(depth.status).toBe(400);
    expect(JSON.stringify(depth.body)).toContain(ChapterSettingsMessages.depth);
    const selective = await call('POST', '/projects/generate-complete', { ...brief, generation_mode: 'selective' });
    expect(selective.status).toBe(422);
    expect(selective.body.message).toBe(ChapterSettingsMessages.selectiveNeedsChapters);

    const id = await outlined();
    const stage = await call('POST', `/projects/${id}/generate-chapters`, { generation_mode: 'selective', ai_model: 'mock' });
    expect(stage.status).toBe(400);
    expect(stage.body.message).toBe(ChapterSettingsMessages.selectiveNeedsChapters);
    const wrong = await call('POST', `/projects/${id}/generate-chapters`, { content_depth: 'deep', ai_model: 'mock' });
    expect(wrong.status).toBe(400);
  });

  it('generate-chapters writes what the call asks: the chosen chapters, at the chosen depth', async () => {
    const id = await outlined();
    const outline = await call('POST', `/projects/${id}/generate-chapters`, { generation_mode: 'selective', chapters_to_generate: [1, 3], content_depth: 'outline', ai_model: 'mock' });
    expect(outline.status).toBe(200);
    const written = outline.body.chapters as { chapter_number: number; word_count: number }[];
    expect(written.map((c) => c.chapter_number)).toEqual([1, 3]);
    // About 15 % of a 3,333-word budget each.
    for (const c of written) expect(c.word_count).toBeLessThan(800);

    const draft = await call('POST', `/projects/${id}/generate-chapters`, { generation_mode: 'sequential', content_depth: 'draft', ai_model: 'mock' });
    const all = draft.body.chapters as { chapter_number: number; word_count: number }[];
    // Chapters 1 and 3 are kept; chapter 2 is written as a draft, about half its budget.
    expect(all.map((c) => c.chapter_number)).toEqual([1, 2, 3]);
    const second = all.find((c) => c.chapter_number === 2)?.word_count ?? 0;
    expect(second).toBeGreaterThan(1300);
    expect(second).toBeLessThan(2100);
  });

  it('generate-complete carries them into the book', async () => {
    const start = await call('POST', '/projects/generate-complete', { ...brief, chapter_count: 3, generation_mode: 'sequential', content_depth: 'draft', include_cover: false });
    expect(start.status).toBe(201);
    const url = (start.body.check_status_url as string).replace('/api', '');
    const status = await eventually(async () => (await call('GET', url)).body, (body) => body.status === 'completed' || body.status === 'failed', 60_000);
    expect(status.status).toBe('completed');
    const project = (await call('GET', `/projects/${start.body.project_id as string}`)).body;
    const total = (project.chapters as { word_count: number }[]).reduce((sum, c) => sum + c.word_count, 0);
    expect(total).toBeGreaterThan(4000);
    expect(total).toBeLessThan(6000);
  });

  it('are kept with the book: stored, shown, merged call by call, and used again after an idle pause', async () => {
    const created = await call('POST', '/projects', { ...brief, generation_mode: 'sequential', content_depth: 'draft' });
    expect((await call('GET', `/projects/${created.body.project_id as string}`)).body).toMatchObject({ generation_mode: 'sequential', content_depth: 'draft' });

    // A step-mode book as POST /projects makes it, with an idle time-out short enough to wait for.
    const em = served.engine.deps.orm.em.fork();
    const project = em.create(GeneratorProject, {
      id: randomUUID(), name: 'kept-settings', title: brief.title, author: brief.author, topic: brief.book_idea, writingStyle: 'practical',
      totalTargetWords: 10_000, language: 'English', provider: 'mock', mode: 'step', createdAt: new Date(), updatedAt: new Date(),
    });
    await em.flush();
    const id = project.id;
    const first = await served.engine.client.workflow.start(bookWorkflow, {
      workflowId: bookWorkflowId(id), taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [{ projectId: id, mode: 'step', chaptersToGenerate: null, idleTimeout: '2 seconds' }],
    });
    expect((await call('POST', `/projects/${id}/generate-outline`, { chapter_count: 3 })).status).toBe(200);
    expect((await call('GET', `/projects/${id}`)).body).toMatchObject({ generation_mode: null, content_depth: null });

    const outline = await call('POST', `/projects/${id}/generate-chapters`, { generation_mode: 'selective', chapters_to_generate: [1], content_depth: 'outline' });
    expect(outline.status).toBe(200);
    expect((await call('GET', `/projects/${id}`)).body).toMatchObject({ generation_mode: 'selective', content_depth: 'outline' });
    // A call bringing only a depth keeps the book's mode.
    const draft = await call('POST', `/projects/${id}/generate-chapters`, { content_depth: 'draft', chapters_to_generate: [2] });
    expect(draft.status).toBe(200);
    const kept = (await call('GET', `/projects/${id}`)).body;
    expect(kept).toMatchObject({ generation_mode: 'selective', content_depth: 'draft' });
    const second = (kept.chapters as { chapter_number: number; word_count: number }[]).find((c) => c.chapter_number === 2)?.word_count ?? 0;
    expect(second).toBeGreaterThan(1300);
    expect(second).toBeLessThan(2100);

    expect((await first.result()).stage).toBe('idle');
    // The regeneration after the pause runs in a new run, started from the project: it writes at the book's depth (a polished chapter is ~3,333 words).
    const regenerated = await call('POST', `/projects/${id}/chapters/1/regenerate`);
    expect(regenerated.status).toBe(200);
    expect((await served.engine.client.workflow.getHandle(bookWorkflowId(id)).describe()).runId).not.toBe(first.firstExecutionRunId);
    expect(regenerated.body.word_count).toBeGreaterThan(1300);
    expect(regenerated.body.word_count).toBeLessThan(2100);
    expect((await call('GET', `/projects/${id}`)).body).toMatchObject({ generation_mode: 'selective', content_depth: 'draft' });
  });

  it('/intelligent/chapter writes at the depth it is asked for, and its next call keeps it', async () => {
    const toc = [
      { chapter_title: 'Why Trust Matters', chapter_ideas: ['Context', 'Candour'], estimated_pages: '8' },
      { chapter_title: 'Rituals That Work', chapter_ideas: ['Weekly notes', 'Demos'], estimated_pages: '8' },
    ];
    const mock = { 'X-AI-Provider': 'mock' };
    // 15 % of a 2,000-word budget.
    const outline = await call('POST', '/intelligent/chapter', { ...brief, toc, chapter_number: 1, content_depth: 'outline', generation_mode: 'sequential' }, undefined, mock);
    expect(outline.status).toBe(200);
    expect(outline.body.word_count).toBeLessThan(600);
    const id = outline.body.project_id as string;
    expect((await call('GET', `/projects/${id}`)).body).toMatchObject({ generation_mode: 'sequential', content_depth: 'outline' });
    const second = await call('POST', '/intelligent/chapter', { project_id: id, chapter_number: 2 }, undefined, mock);
    expect(second.body.word_count).toBeLessThan(600);
    const polished = await call('POST', '/intelligent/chapter', { project_id: id, chapter_number: 2, content_depth: 'polished' }, undefined, mock);
    expect(polished.body.word_count).toBeGreaterThan(1600);
  });
});
