import type { StageEvent } from '../../../libs/contracts/projects.ts';
import { plural, STAGE_LABELS } from '../../../libs/domain/index.ts';

/** Stages begun and not yet done: some run side by side (the introduction beside the chapters, the cover beside the formats). */
export const runningStages = (history: StageEvent[]): string[] =>
  history.filter((h) => !h.completed && !history.some((done) => done.completed && done.stage === h.stage)).map((h) => h.stage);

/**
 * Each stage as pending, current, completed or failed, with the overall percentage and the live message; `running`
 * names stages under way beside the current one.
 */
export function StageProgress(props: {
  stages: string[];
  current: string | null;
  running?: string[];
  completed: string[];
  failedStage?: string | null;
  percent: number;
  message: string;
  detail?: string | null;
}) {
  const { stages, current, running = [], completed, failedStage, percent } = props;
  return (
    <div className="stage-progress">
      <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label="Generation progress">
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="progress-line">
        <strong>{percent}%</strong> <span aria-live="polite">{props.message}</span>
      </p>
      {props.detail && <p className="muted">{props.detail}</p>}
      <ol className="stage-list">
        {stages.map((stage) => {
          const state = failedStage === stage ? 'failed' : completed.includes(stage) ? 'completed' : current === stage || running.includes(stage) ? 'current' : 'pending';
          return (
            <li key={stage} className={`stage stage-${state}`} data-state={state}>
              <span className="stage-icon" aria-hidden="true">{state === 'completed' ? '✓' : state === 'failed' ? '✗' : state === 'current' ? '●' : '○'}</span>
              {STAGE_LABELS[stage] ?? stage}
              <span className="visually-hidden"> ({state})</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** The stages that write a book's content, in order: the step-by-step pages show them with this same view. */
export const CONTENT_STAGES = ['generating_introduction', 'generating_chapters', 'generating_summary', 'finalizing'] as const;
export type ContentStage = (typeof CONTENT_STAGES)[number];

/** Overall progress of the content step: the chapters are most of it, counted as they are written. */
function contentPercent(phase: ContentStage, written: number, planned: number): number {
  if (phase === 'generating_introduction') return 5;
  if (phase === 'generating_chapters') return Math.round(10 + (75 * Math.min(written, planned)) / Math.max(1, planned));
  return phase === 'generating_summary' ? 88 : 96;
}

/** The content stages as the step-by-step pages run them, one call each: the same view as the one-shot generator's. */
export function ContentProgress({ phase, written, planned, words, message }: { phase: ContentStage; written: number; planned: number; words: number; message: string }) {
  return (
    <StageProgress
      stages={[...CONTENT_STAGES]}
      current={phase}
      completed={CONTENT_STAGES.slice(0, CONTENT_STAGES.indexOf(phase))}
      percent={contentPercent(phase, written, planned)}
      message={message}
      detail={words ? `${plural(words, 'word')} so far` : null}
    />
  );
}
