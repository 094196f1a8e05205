/** The step-by-step wizard's ten stages, in order (document 2, 4.1). */
export const WIZARD_STAGES = [
  'idle', 'project_created', 'outline_generated', 'introduction_generated', 'chapters_generated',
  'summary_generated', 'project_finalized', 'pdf_built', 'cover_generated', 'complete',
] as const;
export type WizardStage = (typeof WIZARD_STAGES)[number];

/** What a staged book has, as far as how far it is goes (a ProjectView carries these). */
export interface StagedBookFacts {
  cover_path: string | null;
  pdf_path: string | null;
  summary: string | null;
  chapters: unknown[];
  introduction: string | null;
  outline: unknown;
  finalized?: boolean;
}

/**
 * How far a book is, from what it has: the one rule every staged page reads (the wizard's stages, the demo's and
 * workflow's steps, the older pages' downloads). The spec's rule, with two repairs: a PDF without a cover resumes at
 * pdf_built (the spec's cover_generated would skip the cover), and a finalized book waits for its build.
 */
export function inferWizardStage(project: StagedBookFacts): WizardStage {
  if (project.cover_path) return 'complete';
  if (project.pdf_path) return 'pdf_built';
  if (project.finalized) return 'project_finalized';
  if (project.summary) return 'summary_generated';
  if (project.chapters.length) return 'chapters_generated';
  if (project.introduction) return 'introduction_generated';
  if (project.outline) return 'outline_generated';
  return 'project_created';
}

/** `stage` is `atLeast` or later. */
export const stageReached = (stage: WizardStage, atLeast: WizardStage) => WIZARD_STAGES.indexOf(stage) >= WIZARD_STAGES.indexOf(atLeast);

/** The content is done: the summary written and the structure finalized (what a build needs). */
export const contentComplete = (project: Pick<StagedBookFacts, 'summary' | 'finalized'> | null) => Boolean(project?.summary && project.finalized);

/** The step of the demo and the workflow (Idea, Structure, Content, PDF, Cover, Complete) each stage is shown on. */
const FLOW_STEP_OF_STAGE: Record<WizardStage, number> = {
  idle: 1, project_created: 1, outline_generated: 2, introduction_generated: 3, chapters_generated: 3,
  summary_generated: 3, project_finalized: 4, pdf_built: 5, cover_generated: 6, complete: 6,
};

/**
 * The furthest step of a flow of `steps` steps a book may be shown on (a cover opens the last). A book finalized
 * before its summary was written stays on Content, which finishes it.
 */
export function furthestFlowStep(project: StagedBookFacts, steps: number): number {
  const stage = inferWizardStage(project);
  if (stage === 'project_finalized' && !contentComplete(project)) return FLOW_STEP_OF_STAGE.summary_generated;
  return Math.min(FLOW_STEP_OF_STAGE[stage], steps);
}
