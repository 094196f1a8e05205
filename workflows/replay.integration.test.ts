import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { workflowBundle } from '../apps/worker/src/worker.ts';
import { BookProject, GeneratedChapter, GeneratorProject, Sale, User } from '../libs/db/index.ts';
import { saleFileKey, saleWorkflowId, writtenSoFar } from '../libs/domain/index.ts';
import { engineForFile, testConfig } from '../testing/index.ts';
import { act, insertEliteRequest, newEliteActor, produceAndShip, quoteAndPay, startEliteRequest } from '../testing/elite-requests.ts';
import { insertPrintOrder, newAuthor, orderReaching, printStackForFile, startPrintOrder } from '../testing/print-orders.ts';
import { insertSavedBook } from '../testing/saved-books.ts';
import { ensureGoProgram } from '../scripts/stack/tools.ts';
import { bookWorkflow } from './book/workflow.ts';
import { editOutlineUpdate, finalizeUpdate, generateChaptersUpdate, generateIntroductionUpdate, generateOutlineUpdate, generateSummaryUpdate, regenerateChapterUpdate } from './book/messages.ts';
import { paidSignal } from './print-order/messages.ts';
import { salePaidSignal } from './sale/messages.ts';
import { saleWorkflow } from './sale/workflow.ts';

/**
 * Recorded histories of earlier runs are replayed against today's workflow code: a change that would break
 * running books (non-determinism) fails here. `PRESSROOM_RECORD_HISTORIES=1 npm test -- workflows/replay`
 * records fresh ones from the runs below. `-v1` files were recorded before the PDF stage existed, `-v2` before
 * the EPUB joined it, `book-step-v4` before step-mode books ended after an idle time-out and `book-auto-v4` before the
 * cover joined the formats' packaging run: books started then still replay (`patched('build-interior-pdf')`,
 * `patched('build-epub')`, `patched('step-idle-timeout')`, `patched('cover-beside-formats')`).
 * `book-step-outline-edit` is a step-mode book whose outline the author edited (editOutline) after a chapter was written;
 * `book-step-settings` one whose chapter calls brought a generation mode and a content depth (`-v1` before they were
 * merged call by call and kept on the project: `patched('chapter-settings-kept')`).
 * `print-order` is a print order from preflight through payment to shipped (against the Lulu simulator); `elite` an
 * Elite request from its quote through payment, production, a proof's change round and printing to completed;
 * `sale-ebook` a shop sale of an e-book from its checkout through payment to the mailed links.
 */
const historiesDir = join(import.meta.dirname, 'histories');
const config = testConfig({ TEMPORAL_TASK_QUEUE: `replay-${randomUUID().slice(0, 8)}` });
const engine = engineForFile(config);
// Print orders run against the Lulu simulator, on a task queue of their own.
const print = printStackForFile('replay-print');

async function project(): Promise<string> {
  const em = engine.deps.orm.em.fork();
  const row = em.create(GeneratorProject, {
    id: randomUUID(), name: 'replay', title: 'Replayable Books', author: 'Ada Writer', topic: 'How deterministic workflows keep long jobs safe across deployments',
    writingStyle: 'practical', totalTargetWords: 10_000, language: 'English', provider: 'mock', mode: 'auto', createdAt: new Date(), updatedAt: new Date(),
  });
  await em.flush();
  return row.id;
}

const replay = async (history: unknown, name: string) =>
  Worker.runReplayHistory({ workflowBundle: await workflowBundle(), replayName: name }, history);

/** Checks a run's history replays, and with PRESSROOM_RECORD_HISTORIES=1 writes it to histories/<name>.json. */
async function replayAndRecord(name: string, workflowId: string, runId: string, client = engine.client): Promise<void> {
  const history = await client.workflow.getHandle(workflowId, runId).fetchHistory();
  await expect(replay(history, name)).resolves.toBeUndefined();
  if (process.env.PRESSROOM_RECORD_HISTORIES === '1') {
    // The Temporal CLI writes histories in the JSON form replay reads.
    const json = execFileSync(await ensureGoProgram('temporal', 'run the tests through npm test'), [
      'workflow', 'show', '--workflow-id', workflowId, '--run-id', runId, '--namespace', config.TEMPORAL_NAMESPACE, '--address', config.TEMPORAL_ADDRESS, '--output', 'json',
    ]);
    writeFileSync(join(historiesDir, `${name}.json`), json);
  }
}

describe('workflow replay', () => {
  it('replays an auto-mode book and a step-mode book run just now', async () => {
    const autoId = await project();
    const auto = await engine.client.workflow.start(bookWorkflow, { workflowId: `book-${autoId}`, taskQueue: config.TEMPORAL_TASK_QUEUE, args: [{ projectId: autoId, mode: 'auto', chapterConcurrency: 2, chaptersToGenerate: null }] });
    await auto.result();

    const stepId = await project();
    const step = await engine.client.workflow.start(bookWorkflow, { workflowId: `book-${stepId}`, taskQueue: config.TEMPORAL_TASK_QUEUE, args: [{ projectId: stepId, mode: 'step', chapterConcurrency: 2, chaptersToGenerate: null }] });
    await step.executeUpdate(generateOutlineUpdate, { args: [{}] });
    await step.executeUpdate(generateIntroductionUpdate);
    await step.executeUpdate(generateChaptersUpdate, { args: [null] });
    await step.executeUpdate(regenerateChapterUpdate, { args: [2] });
    await step.executeUpdate(generateSummaryUpdate);
    await step.executeUpdate(finalizeUpdate);
    await step.result();

    // A step-mode book left alone until its run ends, then picked up by a new run of the same id.
    const idleId = await project();
    const idleOptions = { workflowId: `book-${idleId}`, taskQueue: config.TEMPORAL_TASK_QUEUE, workflowIdReusePolicy: 'ALLOW_DUPLICATE' } as const;
    const idle = await engine.client.workflow.start(bookWorkflow, { ...idleOptions, args: [{ projectId: idleId, mode: 'step', chapterConcurrency: 2, chaptersToGenerate: null, idleTimeout: '1 second' }] });
    await idle.executeUpdate(generateOutlineUpdate, { args: [{ chapterCount: 3 }] });
    expect((await idle.result()).stage).toBe('idle');
    const em = engine.deps.orm.em.fork();
    const written = writtenSoFar(await em.findOneOrFail(GeneratorProject, { id: idleId }), await em.find(GeneratedChapter, { project: idleId }));
    const resumed = await engine.client.workflow.start(bookWorkflow, { ...idleOptions, args: [{ projectId: idleId, mode: 'step', chapterConcurrency: 2, chaptersToGenerate: null, idleTimeout: '1 second', resume: written }] });
    await resumed.executeUpdate(generateChaptersUpdate, { args: [[1]] });
    expect((await resumed.result()).stage).toBe('idle');

    const runs = [['book-auto', auto, auto.firstExecutionRunId], ['book-step', step, step.firstExecutionRunId], ['book-step-idle', idle, idle.firstExecutionRunId], ['book-step-resumed', resumed, resumed.firstExecutionRunId]] as const;
    for (const [name, { workflowId }, runId] of runs) await replayAndRecord(name, workflowId, runId);
  });

  it('replays a step-mode book whose outline the author edited between its chapters', async () => {
    const id = await project();
    const book = await engine.client.workflow.start(bookWorkflow, { workflowId: `book-${id}`, taskQueue: config.TEMPORAL_TASK_QUEUE, args: [{ projectId: id, mode: 'step', chapterConcurrency: 2, chaptersToGenerate: null }] });
    await book.executeUpdate(generateOutlineUpdate, { args: [{ chapterCount: 3 }] });
    await book.executeUpdate(generateChaptersUpdate, { args: [[3]] });
    const outline = (await engine.deps.orm.em.fork().findOneOrFail(GeneratorProject, { id })).outline ?? [];
    const [one, two, three] = outline.map(({ number, ...c }) => ({ ...c, from: number as number | null }));
    await book.executeUpdate(editOutlineUpdate, { args: [[{ ...three!, title: 'Moved to the front' }, one!, { ...two!, from: null }]] });
    await book.executeUpdate(generateChaptersUpdate, { args: [null] });
    await book.executeUpdate(finalizeUpdate);
    await book.result();
    await replayAndRecord('book-step-outline-edit', book.workflowId, book.firstExecutionRunId);
  });

  it('replays a step-mode book whose chapters were written sequentially at draft depth, then one regenerated', async () => {
    const id = await project();
    const book = await engine.client.workflow.start(bookWorkflow, { workflowId: `book-${id}`, taskQueue: config.TEMPORAL_TASK_QUEUE, args: [{ projectId: id, mode: 'step', chapterConcurrency: 2, chaptersToGenerate: null }] });
    await book.executeUpdate(generateOutlineUpdate, { args: [{ chapterCount: 3 }] });
    await book.executeUpdate(generateChaptersUpdate, { args: [[1], { mode: 'selective', depth: 'outline' }] });
    await book.executeUpdate(generateChaptersUpdate, { args: [null, { mode: 'sequential', depth: 'draft' }] });
    await book.executeUpdate(regenerateChapterUpdate, { args: [3] });
    await book.executeUpdate(finalizeUpdate);
    await book.result();
    await replayAndRecord('book-step-settings', book.workflowId, book.firstExecutionRunId);
  });

  it('replays a print order run just now, from preflight through payment to shipped', async () => {
    const author = await newAuthor(print.engine.deps.orm);
    const orderId = await insertPrintOrder(print.engine.deps, { userId: author.id, contactEmail: author.email });
    const order = await startPrintOrder(print, orderId);
    const unpaid = await orderReaching(print.engine.deps.orm, orderId, 'unpaid');
    await order.signal(paidSignal, { sessionId: unpaid.stripeSessionId as string });
    const submitted = await orderReaching(print.engine.deps.orm, orderId, 'submitted');
    print.sim.setStatus(submitted.luluJobId as string, 'IN_PRODUCTION');
    await orderReaching(print.engine.deps.orm, orderId, 'production');
    print.sim.setStatus(submitted.luluJobId as string, 'SHIPPED');
    expect(await order.result()).toEqual({ status: 'shipped' });
    await replayAndRecord('print-order', order.workflowId, order.firstExecutionRunId, print.engine.client);
  });

  it('replays an Elite request run just now, from its quote through production and printing to completed', async () => {
    const { orm } = print.engine.deps;
    const author = await newEliteActor(orm, 'author');
    const team = await newEliteActor(orm, 'team');
    const requestId = await insertEliteRequest(orm, author, { bookProjectId: await insertSavedBook(print.engine.deps, author.id) });
    const request = await startEliteRequest(print, requestId, { prepaid: false, bookReady: true, durations: { closeAfterDelivery: '3 seconds' } });
    await act(request, team, { action: 'assign', assignee: { id: team.id, email: team.email } });
    await quoteAndPay(orm, request, requestId, author, team);
    await produceAndShip(print, request, author, team);
    await act(request, author, { action: 'confirm_receipt' });
    expect(await request.result()).toEqual({ status: 'completed' });
    await replayAndRecord('elite', request.workflowId, request.firstExecutionRunId, print.engine.client);
  });

  it('replays a shop sale of an e-book run just now, from its checkout through payment to the mailed links', async () => {
    const { orm } = print.engine.deps;
    const author = await newAuthor(orm);
    const bookId = await insertSavedBook(print.engine.deps, author.id);
    const em = orm.em.fork();
    const saleId = randomUUID();
    em.create(Sale, {
      id: saleId, book: em.getReference(BookProject, bookId), author: em.getReference(User, author.id), bookTitle: 'Replayable Books', bookAuthor: 'Ada Writer',
      buyerEmail: `replay-buyer-${saleId}@example.com`, edition: 'ebook', quantity: 1, files: { pdf: saleFileKey(saleId, 'book.pdf') },
      priceCents: 999, unitPriceCents: 999, currency: 'USD', checkoutSessionId: `cs_replay_${saleId}`,
    });
    await em.flush();
    const sale = await print.engine.client.workflow.start(saleWorkflow, { workflowId: saleWorkflowId(saleId), taskQueue: print.config.TEMPORAL_TASK_QUEUE, args: [{ saleId, edition: 'ebook' }] });
    await sale.signal(salePaidSignal, { sessionId: `cs_replay_${saleId}` });
    expect(await sale.result()).toEqual({ status: 'delivered' });
    await replayAndRecord('sale-ebook', sale.workflowId, sale.firstExecutionRunId, print.engine.client);
  });

  it('replays every recorded history against the current code', async () => {
    const files = readdirSync(historiesDir).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) {
      await expect(replay(JSON.parse(readFileSync(join(historiesDir, file), 'utf8')), file), file).resolves.toBeUndefined();
    }
  });
});
