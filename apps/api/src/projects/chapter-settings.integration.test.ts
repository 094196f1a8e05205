import { describe, expect, it } from 'vitest';
import { ChapterSettingsMessages } from '../../../../libs/domain/index.ts';
import { eventually, testConfig } from '../../../../testing/index.ts';
import { apiClient, serveWithWorker } from '../../../../testing/test-server.ts';

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
});
