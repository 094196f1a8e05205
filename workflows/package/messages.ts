import { defineSignal } from '@temporalio/workflow';

/**
 * What a packaging run started with `reportMilestones` tells the workflow that started it, as each happens: the
 * book's formats are built (the cover aside), the cover has started (the interior's page count is known), the cover
 * is built.
 */
export type PackageMilestone = 'formats_built' | 'cover_started' | 'cover_built';

export const packageMilestoneSignal = defineSignal<[PackageMilestone]>('packageMilestone');
