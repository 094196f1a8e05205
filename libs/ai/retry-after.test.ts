import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationFailure } from '@temporalio/common';
import { asFailure } from '../../activities/generation/writing.ts';
import { FakeAiServer } from '../../testing/ai-fakes.ts';
import { createProviders, ProviderError, type OutlineTask, type TextProvider } from './index.ts';
import { retryAfterMs } from '../domain/index.ts';

const task: OutlineTask = { kind: 'outline', title: 'Busy Days', author: 'Ada Writer', idea: 'What a writer does when the press is busy', chapterCount: 3, totalWords: 9000, language: 'English', style: 'practical' };
let fake: FakeAiServer;
let providers: ReturnType<typeof createProviders>;

beforeAll(async () => {
  fake = await new FakeAiServer().start();
  providers = createProviders({
    ANTHROPIC_API_KEY: 'test-anthropic-key', ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_MODEL: 'claude-3-5-haiku-latest',
    OPENAI_API_KEY: 'test-openai-key', OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_MODEL: 'gpt-4o', AI_REQUEST_TIMEOUT_MS: 5000,
  });
});
afterAll(() => fake?.stop());

describe.each(['anthropic', 'hal9'] as const)('a 429 from %s with Retry-After', (id) => {
  it('is retried when the provider said, through the activity failure', async () => {
    fake.failNext(429, 1, 'slow down', '7');
    const error = await (providers[id] as TextProvider).generate(task).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: 429, retryable: true, retryAfterMs: 7000 });
    const failure = asFailure(error);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'ProviderBusy', nonRetryable: false, nextRetryDelay: 7000 });
  });
});

describe('a retryable failure without Retry-After', () => {
  it('keeps the retry policy’s own schedule', () => {
    expect(asFailure(new ProviderError('Anthropic: overloaded (HTTP 529)', true, 529))).toMatchObject({ type: 'ProviderBusy', nonRetryable: false, nextRetryDelay: undefined });
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and ignores what is not a delay', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': '0.5' }), now)).toBe(500);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': '0' }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });
});
