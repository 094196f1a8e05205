import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assistTaskFor } from '../../../../libs/ai/index.ts';
import { mockContinuation, mockExpansion } from '../../../../libs/ai/mock-assist.ts';
import type { AssistView } from '../../../../libs/contracts/index.ts';
import { AssistChange } from '../../../../libs/db/index.ts';
import { ASSIST_LIMITS, EditingMessages, type AssistAction } from '../../../../libs/domain/index.ts';
import { eventually, freePort, testConfig } from '../../../../testing/index.ts';
import { apiClient, serveApi, serveWithWorker } from '../../../../testing/test-server.ts';
import { insertWrittenBook } from '../../../../testing/written-books.ts';

// The API and a worker of this file's own (its task queue), writing with the mock provider.
const config = testConfig({ TEMPORAL_TASK_QUEUE: `assist-${randomUUID().slice(0, 8)}`, AUTH_RATE_LIMIT_PER_MINUTE: '1000', GENERATION_RATE_LIMIT_PER_HOUR: '1000' });
const served = serveWithWorker(config);
const { call, signUpAccount } = apiClient(() => served.url);

const opening = 'Remote teams work best with a few shared rituals. A weekly written update keeps everyone in step. Nobody waits for a meeting to learn what changed.';
const closing = '## Writing it down\n\nThe the plan lives in one place .  i keep it short.';
const content = `${opening}\n\n${closing}`;
const chapterTitle = 'Rituals That Scale';

async function writtenBook(userId?: string): Promise<string> {
  return insertWrittenBook(served.engine.deps.orm, { ...(userId ? { userId } : {}), chapters: [{ title: chapterTitle, content }, { title: 'Second', content: 'Short.' }] });
}

async function ask(projectId: string, body: Record<string, unknown>, token?: string, chapter = 1) {
  return call('POST', `/projects/${projectId}/chapters/${chapter}/assist`, body, token);
}

/** Asks for a change and waits until the assistant has answered it. */
async function settled(projectId: string, body: Record<string, unknown>, token?: string): Promise<AssistView> {
  const asked = await ask(projectId, body, token);
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  expect(asked.body.status).toBe('running');
  const read = () => call('GET', `/projects/${projectId}/assist/${asked.body.id as string}`, undefined, token).then((r) => r.body as unknown as AssistView);
  return eventually(read, (view) => view.status !== 'running');
}

const onOpening = { start: 0, end: opening.length };
const task = (action: AssistAction) =>
  assistTaskFor({ book: { title: '', topic: '', writingStyle: 'practical', language: 'English' }, chapterTitle, content, selection: onOpening, action, instruction: null });

describe('the AI Writing Assistant on the mock provider', () => {
  it('proposes each action’s change to a selection, and the chapter with it in place', async () => {
    const { token, id } = await signUpAccount();
    const projectId = await writtenBook(id);
    const expected: Record<AssistAction, string> = {
      expand: `${opening} ${mockExpansion(task('expand'))}`,
      shorten: 'Remote teams work best with a few shared rituals. A weekly written update keeps everyone in step.',
      rewrite: 'In practice, remote teams work best with a few shared rituals. A weekly written update keeps everyone in step. Nobody waits for a meeting to learn what changed.',
      continue: `${opening}\n\n${mockContinuation(task('continue'))}`,
      grammar: opening,
      instruct: `${opening} (Revised as you asked: Say it with fewer adjectives)`,
    };
    for (const action of Object.keys(expected) as AssistAction[]) {
      const view = await settled(projectId, { action, selection: onOpening, base_version: 1, ...(action === 'instruct' ? { instruction: '  Say it with fewer adjectives ' } : {}) }, token);
      expect({ action, status: view.status, proposal: view.proposal }).toEqual({ action, status: 'ready', proposal: expected[action] });
      expect(view).toMatchObject({ chapter: 1, selection: onOpening, original: opening, provider: 'mock', model: 'mock', cost_usd: 0, error: null });
      expect(view.result).toBe(`${expected[action]}\n\n${closing}`);
    }
  });

  it('fixes the grammar of a selection in the middle of the chapter and keeps the text around it', async () => {
    const projectId = await writtenBook();
    const start = content.indexOf('The the');
    const view = await settled(projectId, { action: 'grammar', selection: { start, end: content.length } });
    expect(view.original).toBe('The the plan lives in one place .  i keep it short.');
    expect(view.proposal).toBe('The plan lives in one place. I keep it short.');
    expect(view.result).toBe(`${opening}\n\n## Writing it down\n\nThe plan lives in one place. I keep it short.`);
  });

  it('works on the whole chapter when nothing is selected: the result is the proposal', async () => {
    const projectId = await writtenBook();
    const view = await settled(projectId, { action: 'shorten' });
    expect(view.selection).toBeNull();
    expect(view.original).toBe(content);
    expect(view.proposal).toBe('Remote teams work best with a few shared rituals. A weekly written update keeps everyone in step.\n\n## Writing it down\n\nThe the plan lives in one place .');
    expect(view.result).toBe(view.proposal);
    const row = await served.engine.deps.orm.em.fork().findOneOrFail(AssistChange, { id: view.id });
    expect({ baseVersion: row.baseVersion, provider: row.provider, status: row.status }).toEqual({ baseVersion: 1, provider: 'mock', status: 'ready' });
  });

  it('discards a change once; a closed change cannot be discarded again', async () => {
    const projectId = await writtenBook();
    const view = await settled(projectId, { action: 'expand', selection: onOpening });
    const discarded = await call('POST', `/projects/${projectId}/assist/${view.id}/discard`);
    expect({ status: discarded.status, state: discarded.body.status }).toEqual({ status: 200, state: 'discarded' });
    expect((await call('GET', `/projects/${projectId}/assist/${view.id}`)).body.status).toBe('discarded');
    const again = await call('POST', `/projects/${projectId}/assist/${view.id}/discard`);
    expect({ status: again.status, message: again.body.message }).toEqual({ status: 409, message: EditingMessages.assistClosed });
  });

  it('refuses what it cannot do, with the message that says why, and starts nothing', async () => {
    const projectId = await writtenBook();
    const refused = async (body: Record<string, unknown>, chapter = 1) => {
      const answer = await ask(projectId, body, undefined, chapter);
      return { status: answer.status, message: answer.body.message };
    };
    expect(await refused({ action: 'instruct' })).toEqual({ status: 400, message: EditingMessages.instructionRequired });
    expect(await refused({ action: 'instruct', instruction: '   ' })).toEqual({ status: 400, message: EditingMessages.instructionRequired });
    expect(await refused({ action: 'instruct', instruction: 'x'.repeat(ASSIST_LIMITS.instructionMax + 1) })).toEqual({ status: 400, message: EditingMessages.instructionTooLong });
    for (const selection of [{ start: 0, end: content.length + 1 }, { start: 5, end: 5 }, { start: 9, end: 4 }, { start: -1, end: 4 }, { start: 0.5, end: 4 }, { start: 0 }, 'all', null]) {
      expect(await refused({ action: 'expand', selection })).toEqual({ status: 400, message: EditingMessages.badSelection });
    }
    expect((await refused({ action: 'summarise' })).status).toBe(400);
    expect(await refused({ action: 'expand', base_version: 2 })).toEqual({ status: 409, message: EditingMessages.stale });
    expect(await refused({ action: 'expand' }, 3)).toEqual({ status: 404, message: EditingMessages.chapterNotFound });
    expect(await refused({ action: 'expand' }, 0)).toEqual({ status: 404, message: EditingMessages.chapterNotFound });
    expect(await served.engine.deps.orm.em.fork().count(AssistChange, { project: projectId })).toBe(0);
    expect((await call('GET', `/projects/${projectId}/assist/${randomUUID()}`)).status).toBe(404);
    expect((await call('GET', `/projects/${projectId}/assist/not-an-id`)).status).toBe(404);
  });

  it('takes at most ASSIST_LIMITS.selectionMaxChars at once', async () => {
    const long = 'Word after word. '.repeat(Math.ceil(ASSIST_LIMITS.selectionMaxChars / 17) + 10);
    const projectId = await insertWrittenBook(served.engine.deps.orm, { chapters: [{ title: 'Long', content: long }] });
    const tooMuch = await ask(projectId, { action: 'shorten', selection: { start: 0, end: ASSIST_LIMITS.selectionMaxChars + 1 } });
    expect({ status: tooMuch.status, message: tooMuch.body.message }).toEqual({ status: 400, message: EditingMessages.badSelection });
    const whole = await ask(projectId, { action: 'shorten' });
    expect({ status: whole.status, message: whole.body.message }).toEqual({ status: 400, message: EditingMessages.chapterTooLongForAssist });
    expect((await ask(projectId, { action: 'shorten', selection: { start: 0, end: ASSIST_LIMITS.selectionMaxChars } })).status).toBe(202);
  });

  it("is another author's book: not found, whatever the call", async () => {
    const owner = await signUpAccount();
    const other = await signUpAccount();
    const projectId = await writtenBook(owner.id);
    const view = await settled(projectId, { action: 'expand', selection: onOpening }, owner.token);
    for (const [method, path] of [
      ['POST', `/projects/${projectId}/chapters/1/assist`],
      ['GET', `/projects/${projectId}/assist/${view.id}`],
      ['POST', `/projects/${projectId}/assist/${view.id}/discard`],
    ] as const) {
      for (const token of [other.token, undefined]) {
        const answer = await call(method, path, method === 'POST' ? { action: 'expand' } : undefined, token);
        expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      }
    }
    expect((await call('GET', `/projects/${projectId}/assist/${view.id}`, undefined, owner.token)).body.status).toBe('ready');
    // A change is read only through its own project.
    const elsewhere = await writtenBook(other.id);
    expect((await call('GET', `/projects/${elsewhere}/assist/${view.id}`, undefined, other.token)).status).toBe(404);
  });

  it('is unavailable while Temporal does not answer: 503, and no change is left behind', async () => {
    const projectId = await writtenBook();
    const api = await serveApi({ ...config, TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}` });
    try {
      const answer = await apiClient(() => api.url).call('POST', `/projects/${projectId}/chapters/1/assist`, { action: 'expand' });
      expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 503, message: EditingMessages.progressUnavailable });
      expect(await served.engine.deps.orm.em.fork().count(AssistChange, { project: projectId })).toBe(0);
    } finally {
      await api.app.close();
    }
  }, 60_000);
});
