import { ApplicationFailure, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { createActivities } from '../../activities/index.ts';
import { innermostMessage, type CoverChoice, type PackageFormat } from '../../libs/domain/index.ts';
import { bookkeepingOptions, renderingOptions } from '../activity-options.ts';

type Activities = ReturnType<typeof createActivities>;

export interface PackageInput {
  projectId: string;
  /** This run's number: the n of `package-<projectId>-<n>`; only the newest run reports on the project. */
  run: number;
  formats: PackageFormat[];
  cover?: CoverChoice;
}

export interface PackageResult {
  formats: PackageFormat[];
  pageCount: number | null;
  sizes: Partial<Record<PackageFormat | 'cover-png', number>>;
}

const bookkeeping = proxyActivities<Activities>(bookkeepingOptions);
const rendering = proxyActivities<Activities>(renderingOptions);

/**
 * One packaging run, id `package-<projectId>-<n>`: each format is its own activity and they run side by side;
 * the cover waits for the PDF when both are asked for, because its spine follows the real page count.
 */
export async function packageWorkflow(input: PackageInput): Promise<PackageResult> {
  const { projectId, run, formats } = input;
  const result: PackageResult = { formats, pageCount: null, sizes: {} };
  await bookkeeping.startPackaging(projectId, run, formats, workflowInfo().workflowId);

  const cover = async () => {
    const { pdfSize, pngSize } = await rendering.buildCover(projectId, input.cover ?? null);
    result.sizes.cover = pdfSize;
    result.sizes['cover-png'] = pngSize;
  };
  const lanes: Promise<unknown>[] = [];
  if (formats.includes('pdf')) {
    lanes.push(
      rendering.buildInterior(projectId).then(async ({ pageCount, size }) => {
        result.pageCount = pageCount;
        result.sizes.pdf = size;
        if (formats.includes('cover')) await cover();
      }),
    );
  } else if (formats.includes('cover')) lanes.push(cover());
  if (formats.includes('epub')) lanes.push(rendering.buildEpub(projectId).then(({ size }) => (result.sizes.epub = size)));
  if (formats.includes('docx')) lanes.push(rendering.buildDocx(projectId).then(({ size }) => (result.sizes.docx = size)));
  if (formats.includes('zip')) lanes.push(rendering.buildQuartoZip(projectId).then(({ size }) => (result.sizes.zip = size)));

  // Every lane finishes (a failed format does not abandon the others); then the first failure is reported.
  const failed = (await Promise.allSettled(lanes)).find((outcome) => outcome.status === 'rejected');
  const error = failed ? innermostMessage(failed.reason) : null;
  await bookkeeping.finishPackaging(projectId, run, error);
  if (error) throw ApplicationFailure.create({ type: 'BuildFailed', message: error, nonRetryable: true });
  return result;
}
