import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import mammoth from 'mammoth';
import { describe, expect, it, vi } from 'vitest';
import { SourceMessages } from '../../../../libs/sources/extract.ts';
import { docxWithText, pdfWithText } from '../../../../testing/files.ts';
import { docxBomb, docxOfParagraphs } from '../../../../testing/zip-bomb.ts';
import { testConfig } from '../../../../testing/index.ts';
import { serveWithWorker } from '../../../../testing/test-server.ts';

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
const served = serveWithWorker(config);

async function upload(files: [string, Buffer | string][]) {
  const form = new FormData();
  for (const [name, content] of files) form.append('files', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
  const response = await fetch(`${served.url}/api/intelligent/process-sources`, { method: 'POST', body: form });
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
    expect(await served.engine.deps.storage.list(`sources/${answer.body.source_materials_id as string}/`)).toHaveLength(8);
  });

  it('reads sources in any language', async () => {
    const answer = await upload([['notes-fr.md', 'Les équipes à distance réussissent grâce à la confiance et à des rituels écrits. '.repeat(10)], ['notes-de.txt', 'Vertrauen wächst, wenn Führungskräfte früh Kontext teilen. '.repeat(10)]]);
    expect(answer.status).toBe(200);
    expect(answer.body.word_count).toBe(14 * 10 + 7 * 10);
    expect(answer.body.summary).toMatch(/Main topics: .*(équipes|vertrauen|confiance)/);
  });

  it.each([
    ['six files', Array.from({ length: 6 }, (_, i) => [`n${i}.md`, 'some notes here'] as [string, string]), 400, 'Maximum 5 files allowed'],
    ['more than 10 MB', [['big.txt', 'x '.repeat(5.5 * 1024 * 1024)]] as [string, string][], 400, 'Total file size cannot exceed 10MB'],
    ['a name of 300 characters', [[`${'a'.repeat(296)}.txt`, 'some notes here']] as [string, string][], 422, SourceMessages.nameTooLong],
    ['an unsupported format', [['notes.md', 'ok notes'], ['virus.exe', 'MZ'], ['photo.png', 'png']] as [string, string][], 422, 'Unsupported file formats: virus.exe, photo.png. Supported: MD, TXT, DOCX, PDF'],
    ['a PDF that is not one', [['fake.pdf', 'I am plain text']] as [string, string][], 422, 'fake.pdf is not what its name says: its content is not a valid PDF file'],
  ])('refuses %s with the spec message and stores nothing', async (_, files, status, message) => {
    const before = (await served.engine.deps.storage.list('sources/')).length;
    const answer = await upload(files);
    expect(answer.status).toBe(status);
    expect(answer.body.message).toBe(message);
    expect((await served.engine.deps.storage.list('sources/')).length).toBe(before);
  });
});

const MB = 1024 * 1024;

/**
 * A multipart body streamed to the API (parts of `bytes` bytes, 64 KB at a time): the answer (status 0 when none
 * came), how much had been sent when it arrived, how much in all before the server closed the connection or the body
 * was done, and the errors of the connection. `keepAlive: false` asks for `Connection: close`, as HTTP/1.0 clients do.
 */
function streamUpload(path: string, field: string, parts: { name: string; bytes: number }[], { keepAlive = true } = {}) {
  const boundary = `----${randomUUID()}`;
  let sent = 0;
  async function* body() {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    for (const part of parts) {
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${part.name}"\r\nContent-Type: text/plain\r\n\r\n`);
      sent += head.length;
      yield head;
      for (let left = part.bytes; left > 0; left -= chunk.length) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
        sent += piece.length;
        yield piece;
      }
      sent += 2;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return new Promise<{ status: number; message: string; sentAtAnswer: number; sentInAll: number; errors: string[] }>((resolve) => {
    let answer = { status: 0, message: '', sentAtAnswer: 0 };
    let answering = false;
    let bodyOver = false;
    const errors: string[] = [];
    const noteError = (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message);
    const settle = () => !answering && bodyOver && resolve({ ...answer, sentInAll: sent, errors });
    const headers = { 'Content-Type': `multipart/form-data; boundary=${boundary}` };
    const req = request(`${served.url}${path}`, { method: 'POST', headers, ...(keepAlive ? {} : { agent: false }) }, (res) => {
      answering = true;
      const sentAtAnswer = sent;
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c));
      res.on('end', () => (answer = { status: res.statusCode ?? 0, message: (JSON.parse(text) as { message: string }).message, sentAtAnswer }));
      res.on('error', noteError);
      res.on('close', () => {
        answering = false;
        settle();
      });
    });
    // The server may close the connection while the body is still being sent: that ends the sending.
    req.on('error', noteError);
    req.on('close', () => {
      bodyOver = true;
      settle();
    });
    Readable.from(body()).pipe(req);
  });
}

/** Runs `work` while the API answers GET /api/projects/providers. */
async function alongsideOtherRequests<T>(work: () => Promise<T>) {
  const [result, other] = await Promise.all([work(), fetch(`${served.url}/api/projects/providers`)]);
  return { result, otherStatus: other.status };
}

describe('uploads are limited as they arrive', () => {
  it('refuses more than 10 MB in total as soon as the 10 MB are passed, without reading the rest', async () => {
    const answer = await streamUpload('/api/intelligent/process-sources', 'files', [{ name: 'a.txt', bytes: 4 * MB }, { name: 'b.txt', bytes: 36 * MB }]);
    expect(answer).toMatchObject({ status: 400, message: SourceMessages.tooLarge });
    expect(answer.sentAtAnswer).toBeLessThan(30 * MB);
    expect(answer.sentInAll).toBeLessThan(30 * MB);
  });

  it('refuses a sixth file as soon as it begins', async () => {
    const parts = [...Array.from({ length: 5 }, (_, i) => ({ name: `n${i}.md`, bytes: 100 })), { name: 'n5.md', bytes: 40 * MB }];
    const answer = await streamUpload('/api/intelligent/process-sources', 'files', parts);
    expect(answer).toMatchObject({ status: 400, message: SourceMessages.tooMany });
    expect(answer.sentInAll).toBeLessThan(30 * MB);
  });

  it('refuses a PDF over 50 MB for /png as it arrives', async () => {
    const answer = await streamUpload('/api/intelligent/png', 'pdf_file', [{ name: 'book.pdf', bytes: 90 * MB }]);
    expect(answer).toMatchObject({ status: 413, message: 'PNG conversion failed: the PDF is larger than 50 MB' });
    expect(answer.sentInAll).toBeLessThan(80 * MB);
  });

  it('delivers the refusal whole and then closes without a reset, whether the client keeps the connection or not', async () => {
    for (const keepAlive of [true, false]) {
      const answer = await streamUpload('/api/intelligent/png', 'pdf_file', [{ name: 'book.pdf', bytes: 90 * MB }], { keepAlive });
      expect(answer, `keepAlive: ${keepAlive}`).toMatchObject({ status: 413, message: 'PNG conversion failed: the PDF is larger than 50 MB' });
      expect(answer.errors, `keepAlive: ${keepAlive}`).not.toContain('ECONNRESET');
    }
  });

  it('refuses a file name with a NUL byte, raw or percent-encoded', async () => {
    const send = async (disposition: string) => {
      const boundary = `----${randomUUID()}`;
      const body = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; ${disposition}\r\n\r\nsome notes here\r\n--${boundary}--\r\n`, 'latin1');
      const response = await fetch(`${served.url}/api/intelligent/process-sources`, { method: 'POST', headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` }, body });
      return { status: response.status, message: ((await response.json()) as { message: string }).message };
    };
    expect(await send(`filename*=UTF-8''notes%00.md`)).toEqual({ status: 422, message: SourceMessages.nameInvalid });
    expect(await send('filename="notes\u0000.md"')).toEqual({ status: 400, message: 'File validation failed: the multipart body is malformed' });
  });
});

describe('documents are parsed off the event loop', () => {
  it('refuses a DOCX of 0.1 MB that unpacks to 110 MB, and other requests go on meanwhile', async () => {
    const bomb = docxBomb(110 * MB);
    expect(bomb.length).toBeLessThan(MB);
    const { result, otherStatus } = await alongsideOtherRequests(() => upload([['bomb.docx', bomb]]));
    expect(result).toMatchObject({ status: 422, body: { message: 'bomb.docx is too large when unpacked' } });
    expect(otherStatus).toBe(200);
  });

  it('reads a DOCX that takes seconds to parse in a worker thread: mammoth never runs on the API thread', async () => {
    // The API runs in this process: a call on its thread would be seen here, one in a worker thread would not.
    const mammothOnApiThread = vi.spyOn(mammoth, 'extractRawText');
    try {
      const { result, otherStatus } = await alongsideOtherRequests(() => upload([['long.docx', docxOfParagraphs(60_000)]]));
      expect(result.status).toBe(200);
      expect(result.body.word_count).toBe(60_000 * 6);
      expect(otherStatus).toBe(200);
      expect(mammothOnApiThread).not.toHaveBeenCalled();
    } finally {
      mammothOnApiThread.mockRestore();
    }
  });
});

describe('a book grounded in uploaded sources', () => {
  it('cites them as [n], quoting prose and not Markdown, and its references are exactly the sources it cites, by title', async () => {
    const uploaded = await upload([
      ['trust.md', `# Field Notes on *Trust*\n\n## Context\n\n${trustNotes.replace('Trust grows', '**Trust** grows')}\n\n- Remote teams write [decisions](https://example.com) down.`],
      ['rituals.md', ritualNotes],
      ['unrelated.txt', 'Photosynthesis converts light into chemical energy in chloroplasts. '.repeat(20)],
    ]);
    const start = await fetch(`${served.url}/api/projects/generate-complete`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Remote Trust', author: 'Ada Writer', book_idea: 'How distributed teams build trust through rituals and written communication', ai_model: 'mock', total_target_words: 10_000, source_materials: uploaded.body.source_materials_id }),
    }).then((r) => r.json() as Promise<{ project_id: string }>);
    let status = '';
    for (let i = 0; i < 120 && status !== 'completed'; i++) {
      status = ((await fetch(`${served.url}/api/projects/orchestration/${start.project_id}/status`).then((r) => r.json())) as { status: string }).status;
      await new Promise((r) => setTimeout(r, 250));
    }
    const project = (await fetch(`${served.url}/api/projects/${start.project_id}`).then((r) => r.json())) as { chapters: { content: string }[]; references: { n: number; filename: string; title?: string; passages?: string[] }[] };
    const cited = new Set(project.chapters.flatMap((c) => [...c.content.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]))));
    expect(cited.size).toBeGreaterThan(0);
    expect(project.references.map((r) => r.n).sort()).toEqual([...cited].sort());
    for (const reference of project.references) expect(['trust.md', 'rituals.md']).toContain(reference.filename);
    expect(cited.has(3)).toBe(false);
    const quotes = project.chapters.flatMap((c) => [...c.content.matchAll(/“([^”]+)” \[\d\]/g)].map((m) => m[1] as string));
    expect(quotes.length).toBeGreaterThan(0);
    for (const quote of quotes) expect(quote).not.toMatch(/#|\*\*|\]\(/);
    const trust = project.references.find((r) => r.filename === 'trust.md');
    expect(trust?.title).toBe('Field Notes on Trust');
    expect(trust?.passages?.length).toBeGreaterThan(0);
    expect(project.references.find((r) => r.filename === 'rituals.md')?.title ?? 'rituals.md').toBe('rituals.md');
  });

  it('refuses an unknown source_materials id', async () => {
    const answer = await fetch(`${served.url}/api/projects/generate-complete`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Remote Trust', author: 'Ada Writer', book_idea: 'How distributed teams build trust', ai_model: 'mock', total_target_words: 10_000, source_materials: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(answer.status).toBe(422);
  });
});
