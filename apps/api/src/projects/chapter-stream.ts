import type { Response } from 'express';
import { WorkflowUpdateStage, type WorkflowHandle } from '@temporalio/client';
import type { ChapterEvent } from '../../../../libs/contracts/index.ts';
import { innermostMessage } from '../../../../libs/domain/index.ts';
import type { bookWorkflow } from '../../../../workflows/book/workflow.ts';
import { generateChaptersUpdate, type BookProgress, type ChapterSettings } from '../../../../workflows/book/messages.ts';
import { openEventStream } from './event-stream.ts';

/** How often the book's progress row is read when no change has been announced (a lost LISTEN connection). */
const FALLBACK_POLL_MS = 2000;
/** How long a stream waits for the LISTEN connection before it starts reading anyway (the slow poll covers it). */
const LISTEN_WAIT_MS = 1000;

/** Where a stream reads the book's progress (its row) and hears that it changed (NOTIFY, from any replica's writer). */
export interface ProgressSource {
  read: () => Promise<BookProgress>;
  follow: (changed: () => void) => () => void;
  listening: () => Promise<unknown>;
}

/**
 * generate-chapters/stream: starts the chapter stage (an update the workflow runs durably) and reports it as
 * server-sent events read from the book's progress row, read again whenever PostgreSQL announces that it changed:
 * chapter_start, progress, chapter_complete, then all_complete or error. A client that goes away stops the stream,
 * not the writing.
 */
export async function streamChapters(
  handle: WorkflowHandle<typeof bookWorkflow>,
  only: number[] | null,
  settings: ChapterSettings | undefined,
  titleOf: (n: number) => string,
  res: Response,
  source: ProgressSource,
): Promise<void> {
  const stream = openEventStream(res);
  const send = ({ event, data }: ChapterEvent) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  let finished = false;
  let failure: string | null = null;

  // Heard before the stage starts, so no change falls between the first read and the next announcement.
  const unfollow = source.follow(stream.nudge);
  try {
    await Promise.race([source.listening().catch(() => undefined), new Promise((r) => setTimeout(r, LISTEN_WAIT_MS))]);
    try {
      const update = await handle.startUpdate(generateChaptersUpdate, { args: settings ? [only, settings] : [only], waitForStage: WorkflowUpdateStage.ACCEPTED });
      void update.result().then(
        () => {
          finished = true;
          stream.nudge();
        },
        (error: unknown) => {
          failure = innermostMessage(error);
          finished = true;
          stream.nudge();
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
    while (!stream.isClosed()) {
      // The stage's end is written before its update answers, so the read after it is the last one needed.
      const last = finished;
      stream.markRead();
      try {
        progress = await source.read();
        report(progress);
      } catch {
        // The database did not answer this time: the next announcement or the slow poll reads again.
      }
      if (last) break;
      await stream.waitForChange(FALLBACK_POLL_MS);
    }
    if (stream.isClosed()) return;
    if (failure) {
      send({ event: 'error', data: { message: failure } });
    } else if (progress) {
      const wanted = only ?? Object.keys(progress.chapters).map(Number);
      const total = wanted.reduce((sum, n) => sum + (progress?.chapterWords[n] ?? 0), 0);
      send({ event: 'all_complete', data: { chapters_generated: wanted.length, total_word_count: total } });
    }
    res.end();
  } finally {
    unfollow();
  }
}
