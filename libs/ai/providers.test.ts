import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWords } from '../domain/index.ts';
import { FakeAiServer } from '../../testing/ai-fakes.ts';
import { createProviders, providerCatalogue, ProviderError, type ChapterTask, type OutlineTask, type TextProvider } from './index.ts';
import { MockProvider } from './mock.ts';

const outlineTask: OutlineTask = { kind: 'outline', title: 'Remote Leadership', author: 'Ada Writer', idea: 'How small companies lead distributed teams with trust, rituals and written communication', chapterCount: 6, totalWords: 18_000, language: 'English', style: 'practical' };
const chapterTask: ChapterTask = {
  kind: 'chapter',
  title: 'Remote Leadership',
  idea: outlineTask.idea,
  language: 'English',
  style: 'practical',
  chapter: { number: 2, title: 'The Foundations of Leadership', description: 'What leaders owe a distributed team.', keyPoints: ['Trust', 'Rituals', 'Writing'], targetWords: 2400 },
  totalChapters: 6,
  memory: ['Chapter 1 argued that remote work is a discipline.'],
  passages: [{ n: 3, source: 'notes.md', text: 'Trust grows when managers share context early and often with every member of the team.' }],
};

let fake: FakeAiServer;
let providers: ReturnType<typeof createProviders>;
beforeAll(async () => {
  fake = await new FakeAiServer().start();
  providers = createProviders({
    ANTHROPIC_API_KEY: 'test-anthropic-key',
    ANTHROPIC_BASE_URL: fake.url,
    ANTHROPIC_MODEL: 'claude-3-5-haiku-latest',
    OPENAI_API_KEY: 'test-openai-key',
    OPENAI_BASE_URL: `${fake.url}/v1`,
    OPENAI_MODEL: 'gpt-4o',
    AI_REQUEST_TIMEOUT_MS: 5000,
  });
});
afterAll(async () => {
  await fake.stop();
});

describe('the mock provider', () => {
  const mock = new MockProvider();

  it('plans an outline whose chapter budgets add up to the target', async () => {
    const { text, costUsd } = await mock.generate(outlineTask);
    const { chapters } = JSON.parse(text) as { chapters: { title: string; key_points: string[]; target_words: number }[] };
    expect(chapters).toHaveLength(6);
    expect(chapters.reduce((sum, c) => sum + c.target_words, 0)).toBe(18_000);
    expect(new Set(chapters.map((c) => c.title)).size).toBe(6);
    expect(chapters.every((c) => c.key_points.length === 3)).toBe(true);
    expect(costUsd).toBe(0);
  });

  it('writes on-topic chapters within 5 % of the brief, citing the passages it uses', async () => {
    const { text } = await mock.generate(chapterTask);
    const words = countWords(text);
    expect(words).toBeGreaterThanOrEqual(2400 * 0.95);
    expect(words).toBeLessThanOrEqual(2400 * 1.05);
    expect(text).toContain('## Trust');
    expect(text).toMatch(/leadership/i);
    expect(text).toContain('[3]');
    expect(text).not.toMatch(/lorem|ipsum/i);
    expect(text).not.toMatch(/[.!?]\s+[a-z]/); // every sentence starts with a capital
  });

  it('is deterministic and varies with its input', async () => {
    const a = await mock.generate(chapterTask);
    const b = await mock.generate(chapterTask);
    const c = await mock.generate({ ...chapterTask, chapter: { ...chapterTask.chapter, number: 3, title: 'Rituals That Work' } });
    expect(a.text).toBe(b.text);
    expect(c.text).not.toBe(a.text);
  });
});

describe.each([
  ['anthropic', '/v1/messages'],
  ['hal9', '/v1/chat/completions'],
] as const)('the %s provider against its loopback fake', (id, path) => {
  const provider = () => providers[id] as TextProvider;

  it('sends the model, prompt and key, and reports text, tokens, latency and cost', async () => {
    const before = fake.calls(path);
    const result = await provider().generate(chapterTask);
    expect(fake.calls(path)).toBe(before + 1);
    const request = fake.received.at(-1);
    expect(request?.body.model).toBe(id === 'anthropic' ? 'claude-3-5-haiku-latest' : 'gpt-4o');
    expect(JSON.stringify(request?.body)).toContain('The Foundations of Leadership');
    expect(JSON.stringify(request?.body)).toContain('in English (en), in a practical style');
    expect(JSON.stringify(request?.body)).toContain('[3] (notes.md) Trust grows');
    expect(request?.headers.authorization).toBe(id === 'anthropic' ? 'Bearer test-anthropic-key' : 'Bearer test-openai-key');
    expect(countWords(result.text)).toBeGreaterThan(2000);
    expect(result.inputTokens).toBeGreaterThan(0);
    expect(result.outputTokens).toBeGreaterThan(0);
    expect(result.costUsd).toBeGreaterThan(0);
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it.each([
    [429, true],
    [500, true],
    [529, true],
    [400, false],
    [401, false],
  ])('turns HTTP %i into a ProviderError (retryable: %s)', async (status, retryable) => {
    fake.failNext(status);
    const error = await provider().generate(outlineTask).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status, retryable });
    expect((error as Error).message).toMatch(new RegExp(`: simulated failure \\(HTTP ${status}\\)$`));
  });
});

describe('the provider catalogue', () => {
  it('lists providers without a key as unavailable', () => {
    const catalogue = providerCatalogue({ ANTHROPIC_MODEL: 'x', OPENAI_MODEL: 'y', AI_REQUEST_TIMEOUT_MS: 1000 }, true);
    expect(catalogue.map((p) => [p.id, p.available, p.maxChapters])).toEqual([
      ['anthropic', false, 20],
      ['hal9', false, 15],
      ['mock', true, 25],
    ]);
    expect(catalogue.find((p) => p.id === 'hal9')?.displayName).toBe('OpenAI GPT-4');
  });

  it('offers paid providers to signed-in authors only; mock to everyone', () => {
    const config = { ANTHROPIC_API_KEY: 'k', ANTHROPIC_MODEL: 'x', OPENAI_MODEL: 'y', AI_REQUEST_TIMEOUT_MS: 1000 };
    const row = (signedIn: boolean) => providerCatalogue(config, signedIn).map((p) => [p.id, p.available, p.signInRequired]);
    expect(row(false)).toEqual([
      ['anthropic', false, true],
      ['hal9', false, false],
      ['mock', true, false],
    ]);
    expect(row(true)).toEqual([
      ['anthropic', true, false],
      ['hal9', false, false],
      ['mock', true, false],
    ]);
  });
});
