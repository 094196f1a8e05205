import { describe, expect, it } from 'vitest';
import { innermostMessage } from './errors.ts';

describe('innermostMessage', () => {
  it('follows the cause chain to the real reason', () => {
    const error = new Error('Workflow Update failed', { cause: new Error('Activity task failed', { cause: new Error('prompt is too long') }) });
    expect(innermostMessage(error)).toBe('prompt is too long');
  });

  it('takes the message of an error without a cause, and prints anything else', () => {
    expect(innermostMessage(new Error('plain'))).toBe('plain');
    expect(innermostMessage('text')).toBe('text');
    expect(innermostMessage(undefined)).toBe('undefined');
  });
});
