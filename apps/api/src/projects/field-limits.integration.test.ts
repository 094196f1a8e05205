import { describe, expect, it } from 'vitest';
import { GeneratorProject } from '../../../../libs/db/index.ts';
import { quartoSlug, TITLE_IN_FILE_NAME_BYTES } from '../../../../libs/domain/index.ts';
import { eventually, testConfig } from '../../../../testing/index.ts';
import { apiClient, type Json, serveWithWorker } from '../../../../testing/test-server.ts';

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', GENERATION_RATE_LIMIT_PER_HOUR: '1000' });
const served = serveWithWorker(config);
const { call, signUp } = apiClient(() => served.url);

/** `text` repeated to exactly `length` UTF-16 units (the length the API's limits count). */
const filled = (text: string, length: number) => text.repeat(Math.ceil(length / text.length)).slice(0, length);
const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** The name a browser saves a download under: filename* (UTF-8) when given, else filename. */
function savedName(disposition: string | null): string {
  const extended = /filename\*=UTF-8''([^;]+)/.exec(disposition ?? '');
  return extended ? decodeURIComponent(extended[1] as string) : (/filename="([^"]*)"/.exec(disposition ?? '')?.[1] ?? '');
}

describe('a book with every field at its longest', () => {
  it('is written and built in every format with its cover, and every file name fits a file system', async () => {
    const token = await signUp();
    // Letters of two and three bytes in UTF-8, as many as each field takes; the text fonts print every one of them.
    const brief = {
      title: filled('Żółć naïve façade — “Œuvre” ', 200),
      author: filled('Zoë Łukasiewicz-Brontë ', 200),
      book_idea: filled('How façades, œuvres and naïve plans shape a distributed team’s rituals. ', 20_000),
      topic: filled('Ärger über Straßen und Brücken. ', 20_000),
      name: filled('ñame-largo-', 200),
      writing_style: filled('practical', 40),
      source: filled('one-shot', 40),
      ai_model: 'mock',
      total_target_words: 10_000,
      chapter_count: 3,
      formats: ['pdf', 'epub', 'docx', 'zip', 'cover'],
      include_cover: true,
    };
    const start = await call('POST', '/projects/generate-complete', brief, token);
    expect(start.status).toBe(201);
    const id = start.body.project_id as string;
    const status = await eventually(
      async () => (await call('GET', `/projects/orchestration/${id}/status`, undefined, token)).body,
      (s: Json) => s.status === 'completed' || s.status === 'failed',
      150_000,
    );
    expect(status, JSON.stringify(status.error)).toMatchObject({ status: 'completed', cover_complete: true });
    expect(Object.keys(status.downloads as object).sort()).toEqual(['cover-pdf', 'cover-png', 'docx', 'epub', 'pdf', 'zip']);

    const project = await served.engine.deps.orm.em.fork().findOneOrFail(GeneratorProject, { id });
    expect(project).toMatchObject({ title: brief.title, author: brief.author, name: brief.name, writingStyle: brief.writing_style });
    // Every stored key keeps the title's start only, within the columns that hold keys.
    for (const key of [project.pdfKey, project.epubKey, project.docxKey, project.zipKey, project.coverPdfKey, project.coverPngKey]) {
      expect(key).toBeTruthy();
      expect((key as string).length).toBeLessThanOrEqual(255);
    }
    expect(utf8(quartoSlug(brief.title))).toBeLessThanOrEqual(TITLE_IN_FILE_NAME_BYTES);
    expect(project.zipKey).toContain(`_${quartoSlug(brief.title)}-quarto-project-`);

    for (const kind of ['pdf', 'epub', 'docx', 'zip', 'cover-pdf', 'cover-png', 'html']) {
      const response = await fetch(`${served.url}/api/projects/${id}/download/${kind}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status, kind).toBe(200);
      const name = savedName(response.headers.get('content-disposition'));
      expect(name.startsWith('Żółć_naïve_façade_Œuvre_'), `${kind}: ${name}`).toBe(true);
      expect(utf8(name), `${kind}: ${name}`).toBeLessThanOrEqual(TITLE_IN_FILE_NAME_BYTES + 20);
      await response.arrayBuffer();
    }
    // The book is on the author's shelf with its whole title.
    const shelf = (await call('GET', '/book-projects', undefined, token)).body as unknown as { title: string }[] | { projects?: { title: string }[] };
    expect(JSON.stringify(shelf)).toContain(JSON.stringify(brief.title).slice(1, -1));
  }, 180_000);
});
