import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WORKER_GROUP_NICENESS } from './scheduling.ts';

/** Runs yieldToInteractiveWork in a node of its own; answers what it said and the child's group afterwards. */
function childYields(detached: boolean): Promise<{ answer: string; group: string }> {
  const script = `import { readFileSync } from 'node:fs';
    import { yieldToInteractiveWork } from ${JSON.stringify(new URL('./scheduling.ts', import.meta.url).href)};
    const answer = yieldToInteractiveWork();
    let group = '';
    try { group = readFileSync('/proc/self/autogroup', 'utf8').trim(); } catch {}
    console.log(JSON.stringify({ answer, group }));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { detached, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as { answer: string; group: string }) : reject(new Error(`child exited ${code}`))));
  });
}

const autogroups = existsSync('/proc/self/autogroup');

describe("the worker's scheduling group", () => {
  it('yields to the API and the database when the worker leads a session of its own', async () => {
    const { answer, group } = await childYields(true);
    if (!autogroups) return expect(answer).toBe('unsupported');
    expect(answer).toBe('set');
    expect(group).toMatch(new RegExp(`^/autogroup-\\d+ nice ${WORKER_GROUP_NICENESS}$`));
  });

  it("leaves a shell's group alone when started inside its session", async () => {
    const before = autogroups ? readFileSync('/proc/self/autogroup', 'utf8') : '';
    const { answer, group } = await childYields(false);
    expect(answer).toBe('shared session');
    if (autogroups) {
      expect(group).toBe(before.trim());
      expect(readFileSync('/proc/self/autogroup', 'utf8')).toBe(before);
    }
  });
});
