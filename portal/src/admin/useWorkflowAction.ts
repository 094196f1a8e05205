import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { newActionKey } from '../api/client.ts';
import type { AdminDataProvider } from './dataProvider.ts';

/** How often a record is read again while its workflow carries out an action it took, and for how long at most. */
const SETTLE_POLL_MS = 1000;
const SETTLE_AT_MOST_MS = 60_000;

/** An answer the workflow took but is still carrying out: the record as it stood, to be read again until it moves on. */
interface WorkingAnswer {
  id: string;
  working: true;
  updated_at?: string;
  timeline?: unknown[];
}
const isWorking = (result: unknown): result is WorkingAnswer => typeof result === 'object' && result !== null && (result as { working?: unknown }).working === true;
const markOf = (record: { updated_at?: string; timeline?: unknown[]; status?: unknown }) => `${String(record.status)}|${record.updated_at}|${record.timeline?.length}`;

/**
 * A back-office button's call to a workflow (an update or a signal through the API): while it runs the button waits;
 * when the workflow took the action but is still carrying it out (the answer says `working`), the button says
 * "Working…" and the record is read again until it moves on — never an error for work that succeeded. Then the page
 * reloads with what the workflow wrote, or shows the workflow's refusal as it says it. Each intent has an
 * Idempotency-Key, kept when the same action is tried again after a failure and renewed after a success, so the
 * API does it once. `resource`: where the answer's record is read back (the Elite requests' actions).
 */
export function useWorkflowAction<T, R>(call: (dataProvider: AdminDataProvider, input: T, key: string) => Promise<R>, succeeded: (result: R) => string, resource?: string) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const key = useRef(newActionKey());
  const [working, setWorking] = useState(false);

  async function settle(answer: WorkingAnswer): Promise<void> {
    if (!resource) return;
    const before = markOf(answer as Parameters<typeof markOf>[0]);
    for (const until = Date.now() + SETTLE_AT_MOST_MS; Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
      const { data } = await dataProvider.getOne(resource, { id: answer.id });
      if (markOf(data as Parameters<typeof markOf>[0]) !== before) return;
    }
  }

  const mutation = useMutation({
    mutationFn: async (input: T) => {
      const result = await call(dataProvider, input, key.current);
      if (isWorking(result)) {
        setWorking(true);
        try {
          await settle(result);
        } catch (error) {
          // The action was taken; a failed look at its result is no failure of the action.
          console.warn('Could not read the record back after its action', error);
        } finally {
          setWorking(false);
        }
      }
      return result;
    },
    onSuccess: (result) => {
      key.current = newActionKey();
      notify(succeeded(result), { type: 'success' });
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  return { ...mutation, working };
}
