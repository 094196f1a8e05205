import { describe, expect, it } from 'vitest';
import { StackError } from './log.ts';
import { runInOrder, runSideBySide, runStep } from './steps.ts';

const node = (code: string) => ({ command: process.execPath, args: ['-e', code] });

describe('steps run beside the stack start', () => {
  it('passes a step that exits 0 and fails one that does not, naming it', async () => {
    await expect(runStep({ name: 'fine', ...node('process.exit(0)') })).resolves.toBeUndefined();
    await expect(runStep({ name: 'lint', ...node('process.exit(3)') })).rejects.toThrow(new StackError('lint failed; see the output above.'));
  });

  it('runs a chain in order and stops it at the first failure', async () => {
    const started = Date.now();
    const failed = runInOrder([{ name: 'first', ...node('process.exit(1)') }, { name: 'second', ...node('setTimeout(() => {}, 5000)') }]);
    await expect(failed).rejects.toThrow('first failed');
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('reports a failure only once every chain has ended, so nothing is left running behind it', async () => {
    let slowEnded = false;
    const slow = runStep({ name: 'slow', ...node('setTimeout(() => {}, 600)') }).then(() => {
      slowEnded = true;
    });
    await expect(runSideBySide([runStep({ name: 'quick', ...node('process.exit(2)') }), slow])).rejects.toThrow('quick failed');
    expect(slowEnded).toBe(true);
  });
});
