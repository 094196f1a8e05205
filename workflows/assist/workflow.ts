import { proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '../../activities/index.ts';
import { innermostMessage } from '../../libs/domain/index.ts';
import { bookkeepingOptions, writingOptions } from '../activity-options.ts';

type Activities = ReturnType<typeof createActivities>;

const writing = proxyActivities<Activities>(writingOptions('30 seconds'));
const bookkeeping = proxyActivities<Activities>(bookkeepingOptions);

/**
 * One AI Writing Assistant change, id `assist-<changeId>`: one provider call, retried like any writing call. A
 * permanent failure (or one that outlasts the retries) is stored on the change with the provider's message.
 */
export async function assistWorkflow(changeId: string): Promise<void> {
  try {
    await writing.runAssist(changeId);
  } catch (error) {
    await bookkeeping.failAssist(changeId, innermostMessage(error));
  }
}
