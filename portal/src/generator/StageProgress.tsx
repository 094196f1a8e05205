import { STAGE_LABELS } from '../../../libs/domain/index.ts';

/** Each stage as pending, current, completed or failed, with the overall percentage and the live message. */
export function StageProgress(props: { stages: string[]; current: string | null; completed: string[]; failedStage?: string | null; percent: number; message: string; detail?: string | null }) {
  const { stages, current, completed, failedStage, percent } = props;
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
          const state = failedStage === stage ? 'failed' : completed.includes(stage) ? 'completed' : current === stage ? 'current' : 'pending';
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
