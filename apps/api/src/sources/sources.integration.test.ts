import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxWithText, pdfWithText } from '../../../../libs/testing/files.ts';
import { startEngine, testConfig, type Engine } from '../../../../libs/testing/index.ts';
import { serveApi } from '../test-server.ts';

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
let app: INestApplication;
let base: string;
let engine: Engine;
let deps: Engine['deps'];

beforeAll(async () => {
  engine = await startEngine(config);
  deps = engine.deps;
  ({ app, url: base } = await serveApi(config));
});
afterAll(async () => {
  await app?.close();
  await engine?.stop();
});

async function upload(files: [string, Buffer | string][]) {
  const form = new FormData();
  for (const [name, content] of files) form.append('files', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
  const response = await fetch(`${base}/api/intelligent/process-sources`, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const trustNotes = 'Trust grows when managers share context early and often. Remote teams that write decisions down argue less about what was agreed. '.repeat(12);
const ritualNotes = 'Weekly rituals give distributed teams a shared rhythm. A short written check-in replaces most status meetings. '.repeat(12);

describe('POST /api/intelligent/process-sources', () => {
  it('accepts Markdown, text, DOCX and PDF, and summarises them', async () => {
    const answer = await upload([
      ['trust.md', `# Trust\n\n${trustNotes}`],
      ['rituals.txt', ritualNotes],
      ['interview.docx', await docxWithText(['Interview with a remote team lead.', 'Communication is the product of trust.'])],
      ['paper.pdf', pdfWithText(['Distributed leadership in small companies.', 'Rituals and written communication.'])],
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ file_count: 4, source_materials_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(answer.body.word_count).toBeGreaterThan(400);
    expect(answer.body.total_size).toBeGreaterThan(1000);
    expect(answer.body.summary).toMatch(/^4 files, [\d,]+ words: trust\.md, rituals\.txt, interview\.docx, paper\.pdf\. Main topics: /);
    expect(await deps.storage.list(`sources/${answer.body.source_materials_id as string}/`)).toHaveLength(8);
  });

  it('reads sources in any language', async () => {
    const answer = await upload([['notes-fr.md', 'Les équipes à distance réussissent grâce à la confiance et à des rituels écrits. '.repeat(10)], ['notes-de.txt', 'Vertrauen wächst, wenn Führungskräfte früh Kontext teilen. '.repeat(10)]]);
    expect(answer.status).toBe(200);
    expect(answer.body.word_count).toBe(14 * 10 + 7 * 10);
    expect(answer.body.summary).toMatch(/Main topics: .*(équipes|vertrauen|confiance)/);
  });

  it.each([
    ['six files', Array.from({ length: 6 }, (_, i) => [`n${i}.md`, 'some notes here'] as [string, string]), 400, 'Maximum 5 files allowed'],
    ['more than 10 MB', [['big.txt', 'x '.repeat(5.5 * 1024 * 1024)]] as [string, string][], 400, /^Total file size cannot exceed 10MB \(11\.0 MB uploaded\)$/],
    ['an unsupported format', [['notes.md', 'ok notes'], ['virus.exe', 'MZ'], ['photo.png', 'png']] as [string, string][], 422, 'Unsupported file formats: virus.exe, photo.png. Supported: MD, TXT, DOCX, PDF'],
    ['a PDF that is not one', [['fake.pdf', 'I am plain text']] as [string, string][], 422, 'fake.pdf is not what its name says: its content is not a valid PDF file'],
  ])('refuses %s with the spec message and stores nothing', async (_, files, status, message) => {
    const before = (await deps.storage.list('sources/')).length;
    const answer = await upload(files);
    expect(answer.status).toBe(status);
    expect(answer.body.message).toMatch(message instanceof RegExp ? message : new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    expect((await deps.storage.list('sources/')).length).toBe(before);
  });
});

describe('a book grounded in uploaded sources', () => {
  it('cites them as [n], and its references are exactly the sources it cites', async () => {
    const uploaded = await upload([
      ['trust.md', trustNotes],
      ['rituals.md', ritualNotes],
      ['unrelated.txt', 'Photosynthesis converts light into chemical energy in chloroplasts. '.repeat(20)],
    ]);
    const start = await fetch(`${base}/api/projects/generate-complete`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Remote Trust', author: 'Ada Writer', book_idea: 'How distributed teams build trust through rituals and written communication', ai_model: 'mock', total_target_words: 10_000, source_materials: uploaded.body.source_materials_id }),
    }).then((r) => r.json() as Promise<{ project_id: string }>);
    let status = '';
    for (let i = 0; i < 120 && status !== 'completed'; i++) {
      status = ((await fetch(`${base}/api/projects/orchestration/${start.project_id}/status`).then((r) => r.json())) as { status: string }).status;
      await new Promise((r) => setTimeout(r, 250));
    }
    const project = (await fetch(`${base}/api/projects/${start.project_id}`).then((r) => r.json())) as { chapters: { content: string }[]; references: { n: number; filename: string }[] };
    const cited = new Set(project.chapters.flatMap((c) => [...c.content.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]))));
    expect(cited.size).toBeGreaterThan(0);
    expect(project.references.map((r) => r.n).sort()).toEqual([...cited].sort());
    for (const reference of project.references) expect(['trust.md', 'rituals.md']).toContain(reference.filename);
    expect(cited.has(3)).toBe(false);
  });

  it('refuses an unknown source_materials id', async () => {
    const answer = await fetch(`${base}/api/projects/generate-complete`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Remote Trust', author: 'Ada Writer', book_idea: 'How distributed teams build trust', ai_model: 'mock', total_target_words: 10_000, source_materials: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(answer.status).toBe(422);
  });
});
