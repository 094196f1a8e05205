import type { QueryClient } from '@tanstack/react-query';
import type { EliteRequestView } from '../../../libs/contracts/index.ts';

// An action the request's run took but is still carrying out (the API answered `working`): the page says so and looks
// again every second until the request's view moves on, rather than showing the buttons of the step before.

/** How often the page looks again while an action is being carried out. */
export const ELITE_WORKING_POLL_MS = 1000;
/** After this the page stops saying "working" and shows the request as it stands. */
const WORKING_AT_MOST_MS = 60_000;

interface Working {
  /** The view as the answer had it: working lasts while the view read back is still this. */
  mark: string;
  until: number;
}

const workingKey = (id: string) => ['elite-working', id] as const;
const markOf = (view: Pick<EliteRequestView, 'updated_at' | 'timeline' | 'status'>) => `${view.status}|${view.updated_at}|${view.timeline.length}`;

export function markEliteWorking(queryClient: QueryClient, view: EliteRequestView): void {
  queryClient.setQueryData<Working>(workingKey(view.id), { mark: markOf(view), until: Date.now() + WORKING_AT_MOST_MS });
}

/** Whether an action on `view` is still being carried out (the view read back has not moved since its answer). */
export function isEliteWorking(queryClient: QueryClient, view: EliteRequestView | undefined): boolean {
  if (!view) return false;
  const working = queryClient.getQueryData<Working>(workingKey(view.id));
  return Boolean(working && working.mark === markOf(view) && Date.now() < working.until);
}
