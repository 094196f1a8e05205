import type { Response } from 'express';

/**
 * Opens a server-sent event stream on `res` and keeps track of the changes announced to it (NOTIFY, an update's
 * end, the client going away). A stream reads, then waits for the next change or its slow poll:
 * `markRead(); read…; await waitForChange(ms)`, until `isClosed()`.
 */
export function openEventStream(res: Response) {
  res.status(200).set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
  res.flushHeaders();
  let closed = false;
  let changed = false;
  let wake = () => {};
  const nudge = () => {
    changed = true;
    wake();
  };
  const close = () => {
    closed = true;
    nudge();
  };
  res.on('close', close);
  return {
    nudge,
    close,
    isClosed: () => closed,
    /** Forgets the changes heard so far: called right before a read, so a change during the read is not missed. */
    markRead: () => void (changed = false),
    /** Resolves at once if a change was announced since markRead, else at the next one or after `ms`. */
    async waitForChange(ms: number): Promise<void> {
      if (changed) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => (clearTimeout(timer), resolve());
      });
      wake = () => {};
    },
  };
}
