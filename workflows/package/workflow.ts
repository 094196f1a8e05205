import { ApplicationFailure, getExternalWorkflowHandle, patched, proxyActivities, proxyLocalActivities, workflowInfo, type ActivityOptions } from '@temporalio/workflow';
import type { Duration } from '@temporalio/common';
import type { createActivities } from '../../activities/index.ts';
import { innermostMessage, type CoverChoice, type PackageFormat } from '../../libs/domain/index.ts';
import { bookkeepingOptions, localBookkeepingOptions, outlastingPackagingOptions, outlastingTypesettingOptions, packagingOptions, typesettingOptions } from '../activity-options.ts';
import { packageMilestoneSignal, type PackageMilestone } from './messages.ts';

type Activities = ReturnType<typeof createActivities>;

export interface PackageInput {
  projectId: string;
  /** This run's number: the n of `package-<projectId>-<n>`; only the newest run reports on the project. */
  run: number;
  formats: PackageFormat[];
  /** The author's changes to the book's cover design (the rest stays as chosen before). */
  cover?: Partial<CoverChoice>;
  /** Signal the parent workflow each milestone (messages.ts), so its stages follow the run's lanes. */
  reportMilestones?: boolean;
  /** Retry builds through an outage of a minute or more (activity-options.ts); runs started without it retry as before. */
  outlastOutages?: boolean;
  /** How long a build may go without a heartbeat before another worker retries it (default 30 s; drills shorten it). */
  heartbeatTimeout?: Duration;
}

export interface PackageResult {
  formats: PackageFormat[];
  pageCount: number | null;
  sizes: Partial<Record<PackageFormat | 'cover-png', number>>;
}

const bookkeeping = proxyActivities<Activities>(bookkeepingOptions);

/** The builds' options for this run. Only options differ between runs: the commands, and so the histories, are the same. */
function buildOptions(input: PackageInput, quick: ActivityOptions, outlasting: ActivityOptions): ActivityOptions {
  const options = input.outlastOutages ? outlasting : quick;
  return input.heartbeatTimeout ? { ...options, heartbeatTimeout: input.heartbeatTimeout } : options;
}

/**
 * One packaging run, id `package-<projectId>-<n>`: each format is its own activity and they run side by side;
 * the cover starts the moment the interior is built when both are asked for, because its spine follows the real
 * page count.
 */
export async function packageWorkflow(input: PackageInput): Promise<PackageResult> {
  const { projectId, run, formats } = input;
  const typesetting = proxyActivities<Activities>(buildOptions(input, typesettingOptions, outlastingTypesettingOptions));
  const packaging = proxyActivities<Activities>(buildOptions(input, packagingOptions, outlastingPackagingOptions));
  const result: PackageResult = { formats, pageCount: null, sizes: {} };
  const parent = workflowInfo().parent;
  const report = async (milestone: PackageMilestone) => {
    if (parent) await getExternalWorkflowHandle(parent.workflowId, parent.runId).signal(packageMilestoneSignal, milestone);
  };
  // The run's status writes are local activities (issue 32); runs started before replay their activity tasks.
  const recording = patched('local-bookkeeping') ? proxyLocalActivities<Activities>(localBookkeepingOptions) : bookkeeping;
  await recording.startPackaging(projectId, run, formats, workflowInfo().workflowId);

  const interior = formats.includes('pdf')
    ? typesetting.buildInterior(projectId).then(({ pageCount, size, printPages }) => {
        result.pageCount = pageCount;
        result.sizes.pdf = size;
        return printPages;
      })
    : null;
  // The EPUB lists the print pages: built with the interior, it waits for them (runs recorded before built both at once).
  const epub = async () => {
    const printPages = interior && patched('epub-print-pages') ? await interior.catch(() => undefined) : undefined;
    result.sizes.epub = (await packaging.buildEpub(projectId, printPages)).size;
  };
  const cover = async () => {
    if (interior) await interior;
    if (input.reportMilestones) await report('cover_started');
    const { pdfSize, pngSize } = await typesetting.buildCover(projectId, input.cover ?? null);
    result.sizes.cover = pdfSize;
    result.sizes['cover-png'] = pngSize;
    // The parent ends the cover's stage when this run ends (a signal and a workflow task fewer on each side); runs
    // recorded before signalled it.
    if (input.reportMilestones && !patched('cover-built-by-run-end')) await report('cover_built');
  };
  // Scheduled in this order (a cover without an interior first), as runs recorded before the milestones were.
  const coverLane = formats.includes('cover') ? [cover()] : [];
  const bookFormats = [
    ...(interior ? [interior] : []),
    ...(formats.includes('epub') ? [epub()] : []),
    ...(formats.includes('docx') ? [packaging.buildDocx(projectId).then(({ size }) => (result.sizes.docx = size))] : []),
    ...(formats.includes('zip') ? [packaging.buildQuartoZip(projectId).then(({ size }) => (result.sizes.zip = size))] : []),
  ];
  const formatsBuilt = input.reportMilestones && bookFormats.length ? [Promise.all(bookFormats).then(() => report('formats_built'))] : [];
  const lanes = [...bookFormats, ...coverLane, ...formatsBuilt];

  // Every lane finishes (a failed format does not abandon the others); then the first failure is reported.
  const failed = (await Promise.allSettled(lanes)).find((outcome) => outcome.status === 'rejected');
  const error = failed ? innermostMessage(failed.reason) : null;
  await recording.finishPackaging(projectId, run, error);
  // The lane's failure stays the cause, so callers can tell text no font prints (the author's to fix) from a fault.
  if (failed) throw ApplicationFailure.create({ type: 'BuildFailed', message: error ?? '', nonRetryable: true, cause: failed.reason as Error });
  return result;
}
