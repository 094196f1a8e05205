import { log, proxyActivities, uuid4 } from '@temporalio/workflow';
import type { createActivities } from '../../activities/index.ts';
import { eliteEventMailId, elitePromiseLabel, type EliteEventKind, type EliteEventRecord, type ElitePromiseName, type EliteState } from '../../libs/domain/index.ts';
import { bookkeepingOptions, mailOptions } from '../activity-options.ts';
import { meetPromise } from './rules.ts';

type Activities = ReturnType<typeof createActivities>;
const { recordEliteEvent } = proxyActivities<Activities>(bookkeepingOptions);
const { sendMail } = proxyActivities<Activities>(mailOptions);

/**
 * An Elite request's timeline, inside its workflow: events made with the workflow's clock and ids, written one after
 * another with the request's projection as it stands, each mailed on the side. `settled` says nothing is left under way.
 */
export function eliteTimeline(requestId: string, state: EliteState) {
  let writes = 0;
  let mails = 0;
  let written: Promise<void> = Promise.resolve();

  /** Runs `work` after every write accepted before it, in that order (the next one runs whether this one succeeds or not). */
  function serially<T>(work: () => Promise<T>): Promise<T> {
    writes++;
    const done = written.then(work);
    written = done.then(
      () => void writes--,
      () => void writes--,
    );
    return done;
  }

  const event = (kind: EliteEventKind, fields: Partial<Omit<EliteEventRecord, 'id' | 'at' | 'kind'>> = {}): EliteEventRecord => ({
    id: uuid4(),
    at: new Date().toISOString(),
    kind,
    by: null,
    step: state.step,
    ...fields,
  });

  /** Writes each event with the request's projection as it stands; its mail goes on the side (mail never holds the request up). */
  async function record(...events: EliteEventRecord[]): Promise<void> {
    for (const recorded of events) {
      await recordEliteEvent(requestId, recorded, state);
      mails++;
      void sendMail('elite-event', eliteEventMailId(requestId, recorded.id))
        .catch((error: Error) => log.warn('elite event mail not sent', { requestId, kind: recorded.kind, error: error.message }))
        .finally(() => void mails--);
    }
  }
  const write = (...events: EliteEventRecord[]) => serially(() => record(...events));

  /** Marks a promise met (late or not); the timeline event that says so, if it was not met before. */
  function meet(name: ElitePromiseName): EliteEventRecord[] {
    const met = meetPromise(state, name, new Date().toISOString());
    return met ? [event('promise_met', { note: elitePromiseLabel(name, state.copies), data: { promise: name, ...met } })] : [];
  }

  return { serially, event, record, write, meet, settled: () => writes === 0 && mails === 0 };
}
