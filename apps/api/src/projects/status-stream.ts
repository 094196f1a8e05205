import { HttpException } from '@nestjs/common';
import type { Response } from 'express';
import type { OrchestrationStatus, OrchestrationStatusEvent } from '../../../../libs/contracts/index.ts';
import type { ProgressSource } from './chapter-stream.ts';
import { openEventStream } from './event-stream.ts';

/** How often the status is read when no change has been announced; each such read also keeps the connection alive. */
const FALLBACK_POLL_MS = 5000;
/** A stream ends after this long (the page opens the next one), so no proxy or client time-out cuts it mid-event. */
const STREAM_LIFETIME_MS = 20_000;

/**
 * orchestration/{id}/status/stream: the book's status as server-sent `status` events, sent when it changes (the
 * progress row's NOTIFY wakes the stream; a slow poll covers a lost LISTEN connection and the project's own columns),
 * ending once the book is completed, failed or cancelled (or after STREAM_LIFETIME_MS, for the page to open the next).
 */
export async function streamStatus(res: Response, source: Pick<ProgressSource, 'follow' | 'listening'>, statusOf: () => Promise<OrchestrationStatus>): Promise<void> {
  const stream = openEventStream(res);
  const unfollow = source.follow(stream.nudge);
  const lifetime = setTimeout(stream.close, STREAM_LIFETIME_MS);
  try {
    await source.listening().catch(() => undefined);
    let sent = '';
    while (!stream.isClosed()) {
      stream.markRead();
      try {
        const status = await statusOf();
        const text = JSON.stringify(status);
        if (text !== sent) {
          const event: OrchestrationStatusEvent = { event: 'status', data: status };
          res.write(`event: ${event.event}\ndata: ${text}\n\n`);
          sent = text;
        } else {
          res.write(': unchanged\n\n');
        }
        if (status.status !== 'running') break;
      } catch (error) {
        // The book is gone (deleted): the stream ends. Otherwise the database did not answer; the next read tries again.
        if (error instanceof HttpException) break;
      }
      await stream.waitForChange(FALLBACK_POLL_MS);
    }
    res.end();
  } finally {
    clearTimeout(lifetime);
    unfollow();
  }
}
