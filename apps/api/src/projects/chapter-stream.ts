import type { Response } from 'express';
import { WorkflowUpdateStage, type WorkflowHandle } from '@temporalio/client';
import type { ChapterEvent } from '../../../../libs/contracts/index.ts';
import { innermostMessage } from '../../../../libs/domain/index.ts';
import type { bookWorkflow } from '../../../../workflows/book/workflow.ts';
import { generateChaptersUpdate, progressQuery, type BookProgress, type ChapterSettings } from '../../../../workflows/book/messages.ts';

const POLL_MS = 400;

/**
 * generate-chapters/stream: starts the chapter stage (an update the workflow runs durably) and reports it as
 * server-sent events read from the progress query: chapter_start, progress, chapter_complete, then all_complete
 * or error. A client that goes away stops the stream, not the writing.
 */
export async function streamChapters(
  handle: WorkflowHandle<typeof bookWorkflow>,
  only: number[] | null,
  settings: ChapterSettings | undefined,
  titleOf: (n: number) => string,
  res: Response,
): Promise<void> {
  res.status(200).set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
  res.flushHeaders();
  const send = ({ event, data }: ChapterEvent) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  let closed = false;
  res.on('close', () => {
    closed = true;
  });

  let finished = false;
  let failure: string | null = null;
  try {
    const update = await handle.startUpdate(generateChaptersUpdate, { args: settings ? [only, settings] : [only], waitForStage: WorkflowUpdateStage.ACCEPTED });
    void update.result().then(
      () => (finished = true),
      (error: unknown) => {
        failure = innermostMessage(error);
        finished = true;
      },
    );
  } catch (error) {
    send({ event: 'error', data: { message: innermostMessage(error) } });
    res.end();
    return;
  }

  send({ event: 'progress', data: { stage: 1, progress: 0, message: 'Reading the outline and what has been written so far' } });
  const reported = new Map<number, string>();
  let progress: BookProgress | undefined;
  const report = (p: BookProgress) => {
    const wanted = only ?? Object.keys(p.chapters).map(Number);
    for (const n of wanted) {
      const status = p.chapters[n];
      const before = reported.get(n);
      if (status === before) continue;
      const started = before === 'writing' || before === 'generated';
      if ((status === 'writing' || status === 'generated') && !started) {
        send({ event: 'chapter_start', data: { chapter_number: n, current: n, total_chapters: p.chapterCount, chapter_title: titleOf(n) } });
        send({ event: 'progress', data: { stage: 2, progress: 0, message: `Planning chapter ${n}` } });
      }
      if (status === 'writing') {
        const done = [...reported.values()].filter((s) => s === 'generated').length;
        send({ event: 'progress', data: { stage: 3, progress: done / wanted.length, message: `Writing chapter ${n}` } });
      }
      if (status === 'generated') send({ event: 'chapter_complete', data: { chapter_number: n, word_count: p.chapterWords[n] ?? 0 } });
      reported.set(n, status ?? 'pending');
    }
  };
  while (!closed) {
    progress = await handle.query(progressQuery);
    report(progress);
    if (finished) break;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  if (closed) return;
  if (failure) {
    send({ event: 'error', data: { message: failure } });
  } else if (progress) {
    const wanted = only ?? Object.keys(progress.chapters).map(Number);
    const total = wanted.reduce((sum, n) => sum + (progress?.chapterWords[n] ?? 0), 0);
    send({ event: 'all_complete', data: { chapters_generated: wanted.length, total_word_count: total } });
  }
  res.end();
}
