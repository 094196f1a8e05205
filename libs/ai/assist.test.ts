import { describe, expect, it } from 'vitest';
import { ASSIST_ACTIONS, countWords, type AssistAction } from '../domain/index.ts';
import { ASSIST_CONTEXT_CHARS, assistAnswer, assistPrompt, assistTaskFor, type AssistSource } from './assist.ts';
import { MockProvider } from './mock.ts';
import { mockContinuation, mockExpansion } from './mock-assist.ts';
import { promptFor } from './prompts.ts';

const first = 'Remote teams work best with a few shared rituals. A weekly written update keeps everyone in step. Nobody waits for a meeting to learn what changed.';
const second = 'Trust grows when managers share context early [2].';
const content = `${first}\n\n${second}`;
const source = (action: AssistAction, more: Partial<AssistSource> = {}): AssistSource => ({
  book: { title: 'Remote Leadership', topic: 'How small companies lead distributed teams', writingStyle: 'academic', language: 'German' },
  chapterTitle: 'Rituals That Scale',
  content,
  selection: { start: 0, end: first.length },
  action,
  instruction: null,
  ...more,
});

describe('the assistant prompt', () => {
  it("carries the book's brief, the chapter, the passage and the text around it, and asks for the passage alone", () => {
    const { system, prompt } = assistPrompt(assistTaskFor(source('rewrite')));
    expect(prompt).toContain('"Remote Leadership", written in German (de) in a academic style. Its idea: How small companies lead distributed teams');
    expect(prompt).toContain('The chapter: "Rituals That Scale". Below is a passage of the chapter.');
    expect(prompt).toContain(`<passage>\n${first}\n</passage>`);
    expect(prompt).toContain(`<after>\n\n\n${second}\n</after>`);
    expect(prompt).not.toContain('<before>');
    expect(prompt).toContain("Rewrite the passage in the book's academic style");
    expect(prompt).toContain('Write in German (de). Answer with the new passage only.');
    expect(system).toContain('Answer with the replacement passage only, in Markdown');
    expect(system).toContain('citations like [3]');
  });

  it('asks each action for its own change, and the free instruction in the author’s words', () => {
    const asks = ASSIST_ACTIONS.map((action) => assistPrompt(assistTaskFor(source(action, { instruction: action === 'instruct' ? 'Make it sound friendlier' : null }))).prompt.split('\n\n').at(-2));
    expect(new Set(asks).size).toBe(ASSIST_ACTIONS.length);
    expect(asks[ASSIST_ACTIONS.indexOf('instruct')]).toBe('Change the passage as the author asks: Make it sound friendlier');
    expect(asks[ASSIST_ACTIONS.indexOf('grammar')]).toMatch(/^Fix spelling, grammar and punctuation only/);
  });

  it('names the whole chapter when there is no selection, with no context around it', () => {
    const task = assistTaskFor(source('shorten', { selection: null }));
    expect(task).toMatchObject({ text: content, wholeChapter: true, before: '', after: '' });
    expect(assistPrompt(task).prompt).toContain('Below is the whole chapter.');
  });

  it('gives at most ASSIST_CONTEXT_CHARS of context each side, cut at a word', () => {
    const long = `${'alpha beta gamma '.repeat(300)}SELECTED${' delta epsilon'.repeat(300)}`;
    const start = long.indexOf('SELECTED');
    const task = assistTaskFor(source('expand', { content: long, selection: { start, end: start + 8 } }));
    expect(task.text).toBe('SELECTED');
    expect(task.before.length).toBeLessThanOrEqual(ASSIST_CONTEXT_CHARS);
    expect(task.before.length).toBeGreaterThan(ASSIST_CONTEXT_CHARS - 12);
    expect(task.before).toMatch(/^(alpha|beta|gamma) /);
    expect(task.after.length).toBeLessThanOrEqual(ASSIST_CONTEXT_CHARS);
    expect(task.after).toMatch(/ (delta|epsilon)$/);
  });

  it('leaves room for a longer answer when expanding or continuing', () => {
    const tokens = (action: AssistAction) => promptFor(assistTaskFor(source(action))).maxTokens;
    expect(tokens('expand')).toBeGreaterThan(tokens('shorten'));
    expect(tokens('continue')).toBe(tokens('expand'));
    expect(tokens('grammar')).toBe(Math.ceil(countWords(first) * 1.3 * 1.6) + 400);
  });
});

describe("a model's answer", () => {
  it('loses a code fence or passage tags around it and keeps the selection’s own surrounding white space', () => {
    expect(assistAnswer('```markdown\nNew text.\n```', '\nOld text.\n\n')).toBe('\nNew text.\n\n');
    expect(assistAnswer('<passage>\nNew text.\n</passage>', 'Old text.')).toBe('New text.');
    expect(assistAnswer('  New **text**.  ', ' Old. ')).toBe(' New **text**. ');
  });
});

describe('the mock assistant', () => {
  const mock = new MockProvider();
  const answer = async (action: AssistAction, more: Partial<AssistSource> = {}) => (await mock.generate(assistTaskFor(source(action, more)))).text;

  it('answers each action visibly and the same way every time', async () => {
    const task = assistTaskFor(source('expand'));
    expect(await answer('expand')).toBe(`${first} ${mockExpansion(task)}`);
    expect(await answer('shorten')).toBe('Remote teams work best with a few shared rituals. A weekly written update keeps everyone in step.');
    expect(await answer('rewrite')).toBe(`Die Belege zeigen: ${first}`); // the book is in German
    expect(await answer('continue')).toBe(`${first}\n\n${mockContinuation(task)}`);
    expect(await answer('instruct', { instruction: 'Make it friendlier' })).toBe(`${first} (Überarbeitet wie gewünscht: Make it friendlier)`);
    expect(await answer('expand')).toBe(await answer('expand'));
  });

  it('fixes the grammar slips it knows and leaves the rest of the text alone', async () => {
    const sloppy = 'the the team meets on mondays .  i think it helps ; everyone knows the plan.';
    expect(await answer('grammar', { content: sloppy, selection: null })).toBe('The team meets on mondays. I think it helps; everyone knows the plan.');
  });

  it('shortens a one-sentence passage to half its words and keeps headings and lists as they are', async () => {
    const text = '## Rituals\n\nA weekly written update keeps everyone on the team in step with the plan.\n\n- one\n- two';
    expect(await answer('shorten', { content: text, selection: null })).toBe('## Rituals\n\nA weekly written update keeps everyone on.\n\n- one\n- two');
  });
});
