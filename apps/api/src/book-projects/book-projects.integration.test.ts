import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GeneratorProject } from '../../../../libs/db/index.ts';
import { BLEED_IN, BookImageMessages, coverGeometry, LanguageMessages, OwnCoverMessages, packageWorkflowId, ProjectMessages, TRIM_SIZES, type CoverTemplate } from '../../../../libs/domain/index.ts';
import { PreflightMessages } from '../../../../libs/print/preflight.ts';
import { pdfColourAt } from '../../../../testing/book-checks.ts';
import { damagedIdat, pngOf, TINY_GIF } from '../../../../testing/book-images.ts';
import { blankPdf } from '../../../../testing/print-files.ts';
import { pdfWithText } from '../../../../testing/files.ts';
import { testConfig } from '../../../../testing/index.ts';
import { apiClient, type Json, serveWithWorker } from '../../../../testing/test-server.ts';

const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
const served = serveWithWorker(config);

const { call, signUp } = apiClient(() => served.url);
async function fetchFile(path: string, token?: string) {
  const response = await fetch(`${served.url}/api${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), bytes: Buffer.from(await response.arrayBuffer()) };
}
const tempFile = (name: string, bytes: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'bp-')), name);
  writeFileSync(file, bytes);
  return file;
};
const tool = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8' });
const pageSizeIn = (pdf: Buffer) => {
  const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(tool('pdfinfo', [tempFile('f.pdf', pdf)])) ?? [];
  return { width: Number(w) / 72, height: Number(h) / 72 };
};

const TRIM_6X9 = { widthIn: 6, heightIn: 9 };
const brief = { title: 'Remote Leadership', author: 'Ada Writer', book_idea: 'How small companies lead distributed teams with trust and rituals', ai_model: 'mock', total_target_words: 10_000 };

/** A one-shot book, as the /one-shot page makes it: anonymous, with a cover. */
async function oneShotBook(token?: string): Promise<{ id: string; status: Json }> {
  const start = await call('POST', '/projects/generate-complete', { ...brief, include_cover: true }, token);
  expect(start.status).toBe(201);
  let status: Json = {};
  for (let i = 0; i < 240 && status.status !== 'completed' && status.status !== 'failed'; i++) {
    status = (await call('GET', `/projects/orchestration/${start.body.project_id as string}/status`, undefined, token)).body;
    await new Promise((r) => setTimeout(r, 250));
  }
  expect(status.status).toBe('completed');
  return { id: start.body.project_id as string, status };
}

describe('a one-shot book, saved, published and deleted', () => {
  let token: string;
  let projectId: string;
  let bookId: string;
  let userId: string;

  it('is built in every format, with a cover, each served from MinIO under the spec names', async () => {
    const { id, status } = await oneShotBook();
    projectId = id;
    expect(status.steps_completed).toEqual(['creating_project', 'generating_outline', 'generating_introduction', 'generating_chapters', 'generating_summary', 'finalizing', 'building', 'generating_cover', 'complete']);
    expect(status.cover_complete).toBe(true);
    expect(Object.keys(status.downloads as object).sort()).toEqual(['cover-pdf', 'cover-png', 'docx', 'epub', 'pdf', 'zip']);
    // The book's formats and its cover were one packaging run (the cover beside the formats), visible to operators by id.
    const run = served.engine.client.workflow.getHandle(packageWorkflowId(id, 1));
    expect((await run.describe()).status.name).toBe('COMPLETED');
    expect((await run.result()).formats).toEqual(['pdf', 'epub', 'docx', 'zip', 'cover']);
    await expect(served.engine.client.workflow.getHandle(packageWorkflowId(id, 2)).describe()).rejects.toThrow(/not found/i);

    const pdf = await fetchFile(`/projects/${id}/download/pdf`);
    expect(pdf).toMatchObject({ status: 200, type: 'application/pdf', disposition: 'attachment; filename="Remote_Leadership_book.pdf"' });
    expect(tool('qpdf', ['--check', tempFile('book.pdf', pdf.bytes)])).toContain('No syntax or stream encoding errors');
    const cover = await fetchFile(`/projects/${id}/download/cover-pdf`);
    expect(cover.disposition).toBe('attachment; filename="Remote_Leadership_cover.pdf"');
    const build = (await call('GET', `/projects/${id}/build/status`)).body;
    const geometry = coverGeometry({ template: 'amazon_kdp', pageCount: build.page_count as number, trim: TRIM_6X9 });
    expect(pageSizeIn(cover.bytes).width).toBeCloseTo(2 * 6 + geometry.spineIn + 2 * BLEED_IN, 2);
    const png = await fetchFile(`/projects/${id}/download/cover-png`);
    expect(png.bytes.subarray(1, 4).toString()).toBe('PNG');
    const zip = await fetchFile(`/projects/${id}/download/zip`);
    expect(zip.disposition).toMatch(/^attachment; filename="Remote_Leadership_project\.zip"$/);
    expect(tool('unzip', ['-Z1', tempFile('p.zip', zip.bytes)]).split('\n')).toContain('_quarto.yml');
    const docx = await fetchFile(`/projects/${id}/download/docx`);
    expect(tool('unzip', ['-p', tempFile('b.docx', docx.bytes), 'word/document.xml'])).toContain('Remote Leadership');
    const epub = await fetchFile(`/projects/${id}/download/epub`);
    expect(tool('unzip', ['-p', tempFile('b.epub', epub.bytes), 'mimetype'])).toBe('application/epub+zip');
    const html = await fetchFile(`/projects/${id}/download/html`);
    expect(html).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', disposition: 'attachment; filename="Remote_Leadership_book.html"' });
    expect(html.bytes.toString()).toContain('<h1>Remote Leadership</h1>');

    const previews = (await call('GET', `/projects/${id}/previews`)).body as { pages: { page: number; url: string }[]; cover: string };
    expect(previews.pages.length).toBeGreaterThanOrEqual(4);
    // Blank versos are skipped: every page previewed has text, and no page with text before the last is left out.
    const texts = tool('pdftotext', ['-f', '1', '-l', '16', tempFile('text.pdf', pdf.bytes), '-']).split('\f');
    const withText = texts.flatMap((text, i) => (text.trim() ? [i + 1] : []));
    expect(previews.pages.map((p) => p.page)).toEqual(withText.slice(0, previews.pages.length));
    expect(texts.slice(0, Math.max(...previews.pages.map((p) => p.page))).some((text) => !text.trim())).toBe(true);
    const page = await fetchFile((previews.pages[0] as { url: string }).url.replace('/api', ''));
    expect(page).toMatchObject({ status: 200, type: 'image/png' });
  });

  it('is saved only by a signed-in author, who then owns it and its files', async () => {
    expect(await call('POST', '/book-projects', { project_id: projectId })).toMatchObject({ status: 401, body: { message: ProjectMessages.notAuthenticated } });
    token = await signUp();
    userId = (await call('GET', '/profile', undefined, token)).body.id as string;
    const saved = await call('POST', '/book-projects', { project_id: projectId, source: 'one-shot' }, token);
    expect(saved.status).toBe(201);
    bookId = saved.body.id as string;
    expect(saved.body).toMatchObject({
      user_id: userId, project_id: projectId, title: 'Remote Leadership', author: 'Ada Writer', status: 'complete', generation_status: 'completed',
      published_to_shop: false, published_at: null, shop_category: 'AI-Generated', source: 'one-shot',
      pdf_blob_url: `/api/book-projects/${bookId}/download/pdf`, quarto_project_url: `/api/book-projects/${bookId}/download/zip`,
    });
    expect((saved.body.chapters_data as unknown[]).length).toBe(3);
    expect(saved.body.word_count).toBeGreaterThan(1000);
    // Claimed: the files moved out of anonymous/ into the owner's folder, and the generator project is private now.
    expect(await served.engine.deps.storage.list(`anonymous/${projectId}/`)).toEqual([]);
    expect((await served.engine.deps.storage.list(`${userId}/${projectId}/`)).length).toBeGreaterThanOrEqual(6);
    expect((await call('GET', `/projects/${projectId}`)).status).toBe(404);
    expect((await fetchFile(`/book-projects/${bookId}/download/pdf`, token)).bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Saving again is harmless: the same project comes back.
    const again = await call('POST', '/book-projects', { project_id: projectId }, token);
    expect(again).toMatchObject({ status: 200, body: { id: bookId } });
    expect(((await call('GET', '/book-projects', undefined, token)).body as unknown as unknown[]).length).toBe(1);
  });

  it('keeps every book, file and setting to its owner', async () => {
    const other = await signUp();
    expect(await call('POST', '/book-projects', { project_id: projectId }, other)).toMatchObject({ status: 404, body: { message: ProjectMessages.notFound } });
    expect((await call('GET', '/book-projects', undefined, other)).body).toEqual([]);
    expect(await call('GET', `/book-projects/${bookId}`, undefined, other)).toMatchObject({ status: 404, body: { message: ProjectMessages.notFound } });
    for (const kind of ['pdf', 'cover-pdf', 'zip', 'epub', 'docx']) expect((await fetchFile(`/book-projects/${bookId}/download/${kind}`, other)).status).toBe(404);
    expect((await fetchFile(`/book-projects/${bookId}/preview/1`, other)).status).toBe(404);
    expect((await fetchFile(`/projects/${projectId}/download/pdf`, other)).status).toBe(404);
    expect((await call('PATCH', `/book-projects/${bookId}/shop`, { published_to_shop: true }, other)).status).toBe(404);
    expect((await call('DELETE', `/book-projects/${bookId}`, undefined, other)).status).toBe(404);
    expect((await call('GET', '/book-projects')).status).toBe(401);
    expect((await call('GET', `/book-projects/${bookId}`, undefined, token)).body.published_to_shop).toBe(false);
  });

  it('is published with a price, validated field by field, and unpublished', async () => {
    const shop = (body: unknown) => call('PATCH', `/book-projects/${bookId}/shop`, body, token);
    expect(await shop({ shop_price: 9.99 })).toMatchObject({ status: 400, body: { message: ProjectMessages.publishFirst } });
    const published = await shop({ published_to_shop: true });
    expect(published.body).toMatchObject({ published_to_shop: true, shop_price: 19.99, shop_category: 'AI-Generated' });
    const publishedAt = published.body.published_at as string;
    expect(Date.now() - Date.parse(publishedAt)).toBeLessThan(60_000);

    expect(await shop({ shop_price: 0 })).toMatchObject({ status: 422, body: { message: ProjectMessages.priceTooLow } });
    expect(await shop({ shop_price: 4.999 })).toMatchObject({ status: 422, body: { message: ProjectMessages.priceCents } });
    expect(await shop({ shop_category: 'Cookbooks' })).toMatchObject({ status: 422 });
    expect(await shop({ isbn: '978-0-306-40615-8' })).toMatchObject({ status: 422, body: { message: ProjectMessages.invalidIsbn } });
    const edited = await shop({ shop_price: 12.5, shop_category: 'Business', shop_description: 'For founders of remote teams.', isbn: '978-0-306-40615-7' });
    expect(edited.body).toMatchObject({ shop_price: 12.5, shop_category: 'Business', shop_description: 'For founders of remote teams.', isbn: '978-0-306-40615-7', published_at: publishedAt });
    expect((await shop({ isbn: '0-306-40615-2' })).body.isbn).toBe('0-306-40615-2');
    // Toggling on again keeps the first publication date.
    expect((await shop({ published_to_shop: true })).body.published_at).toBe(publishedAt);

    const unpublished = await shop({ published_to_shop: false });
    expect(unpublished.body).toMatchObject({ published_to_shop: false, published_at: null, shop_price: 12.5 });
  });

  it('gets a new cover on the Lulu template and a rebuilt DOCX, each a packaging run', async () => {
    // Generator calls on a claimed project need its owner.
    expect((await call('POST', `/projects/${projectId}/generate-cover`, { template: 'lulu' })).status).toBe(404);
    const cover = await call('POST', `/projects/${projectId}/generate-cover`, { template: 'lulu', design_style: 'classic', color_scheme: 'warm' }, token);
    expect(cover.status).toBe(200);
    expect(cover.body.template).toBe('lulu');
    const file = await fetchFile(`/book-projects/${bookId}/download/cover-pdf`, token);
    expect(cover.body.cover_pdf_size).toBe(file.bytes.length);
    expect(cover.body.cover_png_size).toBe((await fetchFile(`/book-projects/${bookId}/download/cover-png`, token)).bytes.length);
    const lulu = coverGeometry({ template: 'lulu', pageCount: cover.body.page_count as number, trim: TRIM_6X9 });
    expect(pageSizeIn(file.bytes).width).toBeCloseTo(lulu.widthIn, 2);
    expect(await call('POST', `/projects/${projectId}/generate-cover`, { template: 'ingram' }, token)).toMatchObject({ status: 400 });

    // html needs no packaging run (it is rendered from the current text): the docx build below is still run 3.
    expect(await call('POST', `/projects/${projectId}/build`, { formats: ['html'] }, token)).toMatchObject({ status: 202 });
    expect(await call('POST', `/projects/${projectId}/build`, { formats: ['html', 'mobi'] }, token)).toMatchObject({ status: 400 });
    const build = await call('POST', `/projects/${projectId}/build`, { formats: ['docx'] }, token);
    expect(build.status).toBe(202);
    expect(build.body.status).toBe('building');
    let status: Json = {};
    for (let i = 0; i < 120 && status.status !== 'complete'; i++) {
      status = (await call('GET', `/projects/${projectId}/build/status`, undefined, token)).body;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toMatchObject({ status: 'complete', error: null });
    expect((await served.engine.client.workflow.getHandle(packageWorkflowId(projectId, 3)).describe()).status.name).toBe('COMPLETED');

    // The author's design is kept: a cover drawn for another template alone keeps the style and colours chosen.
    const kdp = await call('POST', `/projects/${projectId}/generate-cover`, { template: 'amazon_kdp' }, token);
    expect(kdp).toMatchObject({ status: 200, body: { template: 'amazon_kdp' } });
    const project = await served.engine.deps.orm.em.fork().findOneOrFail(GeneratorProject, { id: projectId });
    expect(project.coverDesign).toEqual({ template: 'amazon_kdp', designStyle: 'classic', colorScheme: 'warm', includeSpineTitle: true });
  });

  it("is printed at the author's trim and on their paper, with the author's own front cover wrapped in the book's design", async () => {
    const settings = (body: Json, as: string | undefined = token) => call('PATCH', `/projects/${projectId}/settings`, body, as);
    expect(await settings({ trim_size: '4x6' })).toMatchObject({ status: 400, body: { message: `trim_size must be one of: ${TRIM_SIZES.join(', ')}` } });
    expect(await settings({ paper: 'blue' })).toMatchObject({ status: 400, body: { message: 'paper must be one of: white, cream' } });
    expect((await settings({ trim_size: '5x8' }, await signUp())).status).toBe(404);
    expect(await settings({ trim_size: '5x8', paper: 'cream' })).toMatchObject({ status: 200, body: { trim_size: '5x8', paper: 'cream', own_cover: null, files_outdated: true } });

    const upload = async (bytes: Buffer | null, as: string | undefined = token) => {
      const form = new FormData();
      if (bytes) form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'front.png');
      const response = await fetch(`${served.url}/api/projects/${projectId}/cover-image`, { method: 'POST', body: form, headers: as ? { Authorization: `Bearer ${as}` } : {} });
      return { status: response.status, body: (await response.json()) as Json };
    };
    expect(await upload(null)).toMatchObject({ status: 400, body: { message: OwnCoverMessages.fileRequired } });
    expect(await upload(TINY_GIF)).toMatchObject({ status: 415, body: { message: OwnCoverMessages.notCover } });
    // A front whose header reads well is decoded whole before it is kept: damaged pixels would fail every cover.
    expect(await upload(damagedIdat(pngOf(320, 512)))).toMatchObject({ status: 422, body: { message: BookImageMessages.unreadable } });
    expect((await upload(pngOf(8, 8), await signUp())).status).toBe(404);
    const green = pngOf(320, 512, [0, 128, 0]);
    const own = await upload(green);
    // 320 × 512 pixels over the 5.125 × 8.25 in front panel (trim and bleed): 62 dpi, well under what printers ask.
    expect(own).toMatchObject({
      status: 200,
      body: { own_cover: { kind: 'front', width: 320, height: 512, url: `/api/projects/${projectId}/cover-image` }, dpi: 62, warning: OwnCoverMessages.soft(62, '5 × 8 in', { widthIn: 5.125, heightIn: 8.25 }) },
    });
    expect((await fetchFile(`/projects/${projectId}/cover-image`, token)).bytes.equals(green)).toBe(true);
    expect((await fetchFile(`/projects/${projectId}/cover-image`)).status).toBe(404);

    // A rebuild sets the interior at 5 × 8 in and draws the cover around the author's front, its spine for cream paper.
    expect((await call('POST', `/projects/${projectId}/build`, { formats: ['pdf', 'cover'] }, token)).status).toBe(202);
    let status: Json = {};
    for (let i = 0; i < 240 && status.status !== 'complete'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = (await call('GET', `/projects/${projectId}/build/status`, undefined, token)).body;
    }
    expect(status).toMatchObject({ status: 'complete', error: null });
    expect(pageSizeIn((await fetchFile(`/book-projects/${bookId}/download/pdf`, token)).bytes)).toEqual({ width: 5, height: 8 });
    const book = (await call('GET', `/book-projects/${bookId}`, undefined, token)).body;
    expect(book).toMatchObject({ trim_size: '5x8', paper: 'cream', own_cover: { width: 320, height: 512 } });
    const wrap = coverGeometry({ template: book.cover_pdf_template as CoverTemplate, pageCount: book.page_count as number, trim: { widthIn: 5, heightIn: 8 }, paper: 'cream' });
    const cover = (await fetchFile(`/book-projects/${bookId}/download/cover-pdf`, token)).bytes;
    expect(pageSizeIn(cover).width).toBeCloseTo(wrap.widthIn, 2);
    const front = { x: wrap.bleedIn + 5 + wrap.spineIn + 2.5, y: wrap.heightIn / 2 };
    expect(pdfColourAt(cover, front.x, front.y)).toEqual([0, 128, 0].map((c) => expect.closeTo(c, -1)));

    // Back to the design's own front; the image is forgotten.
    const { key } = (await served.engine.deps.orm.em.fork().findOneOrFail(GeneratorProject, { id: projectId })).coverUpload!;
    expect((await call('DELETE', `/projects/${projectId}/cover-image`, undefined, token)).status).toBe(204);
    expect((await call('GET', `/projects/${projectId}`, undefined, token)).body.own_cover).toBeNull();
    const designed = (await fetchFile(`/book-projects/${bookId}/download/cover-pdf`, token)).bytes;
    expect(pdfColourAt(designed, front.x, front.y)).not.toEqual(pdfColourAt(cover, front.x, front.y));
    expect(await served.engine.deps.storage.stat(key)).toBeNull();
    expect(await call('DELETE', `/projects/${projectId}/cover-image`, undefined, token)).toMatchObject({ status: 404, body: { message: OwnCoverMessages.none } });

    // A full-wrap PDF is taken as it is, when it is one page of exactly the size the book's cover must be.
    const size = (await call('GET', `/projects/${projectId}`, undefined, token)).body.cover_size as { width_in: number; height_in: number; spine_in: number };
    expect(size.width_in).toBeCloseTo(wrap.widthIn, 3);
    const sixByNine = await upload(blankPdf(1, 6 * 72, 9 * 72));
    expect(sixByNine).toMatchObject({ status: 422, body: { message: OwnCoverMessages.wrapSize(wrap, wrap.pageCount, { widthIn: 6, heightIn: 9 }) } });
    expect(await upload(blankPdf(2, size.width_in * 72, size.height_in * 72))).toMatchObject({ status: 422, body: { message: PreflightMessages.coverPages(2) } });
    expect(await upload(Buffer.from('%PDF-1.7 but nothing more'))).toMatchObject({ status: 422, body: { message: PreflightMessages.coverUnreadable } });
    const ownWrap = blankPdf(1, size.width_in * 72, size.height_in * 72);
    const wrapped = await upload(ownWrap);
    expect(wrapped).toMatchObject({ status: 200, body: { own_cover: { kind: 'wrap', width_in: size.width_in, height_in: size.height_in }, dpi: null, warning: null } });
    expect((await fetchFile(`/book-projects/${bookId}/download/cover-pdf`, token)).bytes.equals(ownWrap)).toBe(true);
    const frontPng = (await fetchFile(`/book-projects/${bookId}/download/cover-png`, token)).bytes;
    // The front PNG is the wrap's front panel: 5 × 8 in at 600 pixels wide.
    expect([frontPng.readUInt32BE(16), frontPng.readUInt32BE(20)]).toEqual([600, 960]);
    // Another template needs another spine: the wrap no longer fits, the author is told so, and the cover stays theirs.
    const otherTemplate = book.cover_pdf_template === 'lulu' ? 'amazon_kdp' : 'lulu';
    const refused = await call('POST', `/projects/${projectId}/generate-cover`, { template: otherTemplate }, token);
    expect(refused).toMatchObject({ status: 422, body: { message: expect.stringContaining('Your full-wrap cover PDF no longer fits the book.') } });
    expect((await fetchFile(`/book-projects/${bookId}/download/cover-pdf`, token)).bytes.equals(ownWrap)).toBe(true);
  });

  it('is deleted with every file it had in MinIO', async () => {
    const before = await served.engine.deps.storage.list(`${userId}/${projectId}/`);
    expect(before.length).toBeGreaterThanOrEqual(6);
    const deleted = await call('DELETE', `/book-projects/${bookId}`, undefined, token);
    expect(deleted).toMatchObject({ status: 200, body: { deleted: true } });
    expect(deleted.body.files_removed).toBeGreaterThanOrEqual(before.length);
    expect(await served.engine.deps.storage.list(`${userId}/${projectId}/`)).toEqual([]);
    expect((await call('GET', `/book-projects/${bookId}`, undefined, token)).status).toBe(404);
    expect((await call('GET', `/projects/${projectId}`, undefined, token)).status).toBe(404);
    expect((await call('GET', '/book-projects', undefined, token)).body).toEqual([]);
  });

  it('cannot be saved before it is built', async () => {
    const anonymous = await call('POST', '/projects', { ...brief, topic: brief.book_idea });
    const own = await signUp();
    expect(await call('POST', '/book-projects', { project_id: anonymous.body.project_id }, own)).toMatchObject({ status: 400, body: { message: ProjectMessages.bookDataMissing } });
    expect(await call('POST', `/projects/${anonymous.body.project_id as string}/generate-cover`, {}, own)).toMatchObject({ status: 400 });
  });
});

describe("a signed-in author's books are in My Books from their start", () => {
  const shelf = async (token: string) => (await call('GET', '/book-projects', undefined, token)).body as unknown as Json[];

  it('lists a draft at once and a one-shot book as it is written and when finished, unfinished first, without Save', async () => {
    const token = await signUp();
    const finished = await oneShotBook(token);
    const [book] = await shelf(token);
    expect(book).toMatchObject({ project_id: finished.id, status: 'complete', generation_status: 'completed', source: 'one-shot', pdf_blob_url: expect.stringMatching(/download\/pdf$/) });
    expect((book?.chapters_data as unknown[]).length).toBeGreaterThan(0);
    expect(book?.word_count).toBeGreaterThan(1000);

    const draft = await call('POST', '/projects', { ...brief, topic: brief.book_idea, source: 'workflow' }, token);
    const listed = await shelf(token);
    expect(listed.map((b) => b.project_id)).toEqual([draft.body.project_id, finished.id]);
    expect(listed[0]).toMatchObject({ status: 'draft', generation_status: 'pending', source: 'workflow', pdf_blob_url: null });
    // Saving a book that is already there gives it back.
    expect(await call('POST', '/book-projects', { project_id: draft.body.project_id }, token)).toMatchObject({ status: 200, body: { id: listed[0]?.id } });
  });

  it('deletes an unfinished book with its run, so nothing writes into it afterwards', async () => {
    const token = await signUp();
    const started = await call('POST', '/projects/generate-complete', { ...brief, include_cover: true }, token);
    const [book] = await shelf(token);
    expect(book).toMatchObject({ project_id: started.body.project_id, status: 'generating', generation_status: 'generating' });
    expect((await call('DELETE', `/book-projects/${book?.id as string}`, undefined, token)).status).toBe(200);
    const run = await served.engine.client.workflow.getHandle(`book-${started.body.project_id as string}`).describe();
    expect(['TERMINATED', 'COMPLETED']).toContain(run.status.name);
    expect(await shelf(token)).toEqual([]);
  });
});

describe('the intelligent cover and PNG calls', () => {
  const fields = { title: 'A [Bracketed] #Title', author: 'Ada Writer', book_idea: 'How small companies lead distributed teams', num_pages: 240, include_spine_title: true };

  it('draws a full-wrap cover PDF for fields alone, and leaves nothing behind in storage', async () => {
    const response = await fetch(`${served.url}/api/intelligent/cover`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...fields, template: 'amazon_kdp' }) });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.length).toBeGreaterThan(1000);
    expect(pageSizeIn(pdf).width).toBeCloseTo(coverGeometry({ template: 'amazon_kdp', pageCount: 240, trim: TRIM_6X9 }).widthIn, 2);
    expect(tool('pdftotext', [tempFile('c.pdf', pdf), '-'])).toContain('A [Bracketed] #Title');
    await new Promise((r) => setTimeout(r, 300));
    expect(await served.engine.deps.storage.list('anonymous/covers/')).toEqual([]);
  });

  it("sets the cover in the book's language: Turkish capitals on a Turkish cover, English ones without a language", async () => {
    const coverText = async (language?: string) => {
      const body = { ...fields, title: 'Kalite', design_style: 'bold', ...(language ? { language } : {}) };
      const response = await fetch(`${served.url}/api/intelligent/cover`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      expect(response.headers.get('content-type')).toBe('application/pdf');
      return tool('pdftotext', [tempFile('c.pdf', Buffer.from(await response.arrayBuffer())), '-']);
    };
    expect(await coverText('Turkish')).toContain('KALİTE');
    expect(await coverText()).toContain('KALITE');
  });

  it('validates the fields with the spec messages', async () => {
    expect(await call('POST', '/intelligent/cover', { ...fields, title: 'AB' })).toMatchObject({ status: 422, body: { message: 'Title must be at least 3 characters' } });
    expect(await call('POST', '/intelligent/cover', { ...fields, language: 'klingon' })).toMatchObject({ status: 400, body: { message: LanguageMessages.unknown } });
    expect(await call('POST', '/intelligent/cover', { ...fields, num_pages: 0 })).toMatchObject({ status: 400 });
    expect(await call('POST', '/intelligent/cover', { ...fields, design_style: 'baroque' })).toMatchObject({ status: 400 });
  });

  it('refuses a title no font can print with 422, naming the character, rather than drawing a box', async () => {
    const refused = await call('POST', '/intelligent/cover', { ...fields, title: 'Signs 𓀀 of old' });
    expect(refused).toMatchObject({ status: 422, body: { message: expect.stringContaining('No font can print "𓀀" (U+13000) in the cover') } });
  });

  it('turns the first page of an uploaded PDF, or the front cover for fields, into a PNG', async () => {
    const form = new FormData();
    form.append('pdf_file', new Blob([pdfWithText(['First page of the book'])], { type: 'application/pdf' }), 'book.pdf');
    const png = await fetch(`${served.url}/api/intelligent/png`, { method: 'POST', body: form });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await png.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');

    const bad = new FormData();
    bad.append('pdf_file', new Blob(['not a pdf at all'], { type: 'application/pdf' }), 'book.pdf');
    const refused = await fetch(`${served.url}/api/intelligent/png`, { method: 'POST', body: bad });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as Json).message).toMatch(/^PNG conversion failed/);

    const front = await fetch(`${served.url}/api/intelligent/png`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fields) });
    expect(front.headers.get('content-type')).toBe('image/png');
  });
});
