import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { runningStages, StageProgress } from './StageProgress.tsx';

const event = (stage: string, completed: boolean) => ({ stage, message: stage, completed, timestamp: '2026-11-23T07:00:00.000Z' });

describe('the stage list', () => {
  it('shows every stage under way as current, the formats beside the cover', () => {
    const history = [event('creating_project', true), event('finalizing', false), event('finalizing', true), event('building', false), event('generating_cover', false)];
    expect(runningStages(history)).toEqual(['building', 'generating_cover']);
    const html = renderToStaticMarkup(
      <StageProgress
        stages={['finalizing', 'building', 'generating_cover', 'complete']}
        current="generating_cover"
        running={runningStages(history)}
        completed={['creating_project', 'finalizing']}
        percent={97}
        message="Designing the cover"
      />,
    );
    const states = [...html.matchAll(/data-state="(\w+)"/g)].map((m) => m[1]);
    expect(states).toEqual(['completed', 'current', 'current', 'pending']);
  });
});
