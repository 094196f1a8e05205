import { proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '../../activities/index.ts';
import type { StandaloneCoverInput } from './messages.ts';

type Activities = ReturnType<typeof createActivities>;

const rendering = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumAttempts: 3 },
});

/** A cover for fields alone (`POST /api/intelligent/cover`), id `cover-<requestId>`: its files go to MinIO. */
export async function coverWorkflow(requestId: string, input: StandaloneCoverInput) {
  return rendering.buildStandaloneCover(requestId, input);
}

/**
 * The cover a product of the book would be printed with (`POST /api/print/validate`), id `cover-<requestId>`: drawn
 * from the book's design for the product, as a print order's is, so the check sees what the press would get.
 */
export async function productCoverWorkflow(projectId: string, podPackageId: string): Promise<string> {
  return rendering.drawProductCover(projectId, podPackageId);
}
