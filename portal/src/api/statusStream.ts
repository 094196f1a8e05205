import type { OrchestrationStatus, OrchestrationStatusEvent } from '../../../libs/contracts/index.ts';
import { authorizedFetch } from './client.ts';
import { readServerSentEvents } from './serverSentEvents.ts';

/**
 * Follows a book's status as the server pushes it (orchestration/{id}/status/stream): `onStatus` hears each change.
 * Resolves when the server ends the stream (the book is final, or the stream's time is up and the caller opens the
 * next one); rejects with the API's error (a 404 for a book that is gone) or when `signal` aborts.
 */
export async function followStatus(id: string, onStatus: (status: OrchestrationStatus) => void, signal: AbortSignal): Promise<void> {
  const response = await authorizedFetch(`/api/projects/orchestration/${id}/status/stream`, { headers: { Accept: 'text/event-stream' }, signal });
  await readServerSentEvents(response, (event, data) => {
    if (event === 'status') onStatus(data as OrchestrationStatusEvent['data']);
  });
}
