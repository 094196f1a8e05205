import { describe, expect, it } from 'vitest';
import { resumePath } from './book-projects.ts';

describe('resumePath', () => {
  it('opens an unfinished book on the page it was started on, the wizard for any other', () => {
    const at = (source: string) => resumePath({ project_id: 'p-1', source });
    expect(at('workflow')).toBe('/workflow?project=p-1');
    expect(at('demo')).toBe('/demo?project=p-1');
    expect(at('one-shot')).toBe('/one-shot?project=p-1');
    expect(at('wizard')).toBe('/ai-generator?project=p-1');
  });
});
