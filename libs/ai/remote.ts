import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { retryAfterMs } from '../domain/index.ts';
import { promptFor } from './prompts.ts';
import { isRetryableStatus, ProviderError, type Completion, type TextProvider, type WritingTask } from './tasks.ts';

/** US dollars per million tokens (input, output) for the models we default to; unknown models cost as the dearest. */
const PRICES: Record<string, [number, number]> = {
  'claude-3-5-haiku-latest': [0.8, 4],
  'claude-haiku-4-5': [1, 5],
  'gpt-4o': [2.5, 10],
};
const priceOf = (model: string, input: number, output: number) => {
  const [perIn, perOut] = PRICES[model] ?? [2.5, 10];
  return (input * perIn + output * perOut) / 1_000_000;
};

/** SDK errors → ProviderError, keeping whether a retry may help (429, 5xx, time-outs, dropped connections). */
function classify(provider: string, error: unknown): ProviderError {
  const { status, error: body, headers } = error as { status?: number; error?: { message?: string; error?: { message?: string } }; headers?: Headers };
  // The provider's own sentence (Anthropic nests it one level deeper than OpenAI), not the raw JSON body.
  const said = body?.error?.message ?? body?.message;
  const message = said ? `${said} (HTTP ${status})` : error instanceof Error ? error.message : String(error);
  return new ProviderError(`${provider}: ${message}`, isRetryableStatus(status), status, status === 429 ? retryAfterMs(headers) : undefined);
}

interface RemoteSettings {
  apiKey: string;
  baseURL?: string | undefined;
  model: string;
  timeoutMs: number;
}

/** Claude through the Anthropic Messages API (the SDK's own retries are off: Temporal retries the activity). */
export class AnthropicProvider implements TextProvider {
  readonly id = 'anthropic' as const;
  readonly #client: Anthropic;
  readonly #model: string;

  constructor(settings: RemoteSettings) {
    this.#client = new Anthropic({ apiKey: settings.apiKey, baseURL: settings.baseURL ?? null, maxRetries: 0, timeout: settings.timeoutMs });
    this.#model = settings.model;
  }

  async generate(task: WritingTask, signal?: AbortSignal): Promise<Completion> {
    const { system, prompt, maxTokens } = promptFor(task);
    const started = performance.now();
    try {
      const message = await this.#client.messages.create({ model: this.#model, max_tokens: maxTokens, system, messages: [{ role: 'user', content: prompt }] }, { signal });
      const text = message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
      const { input_tokens: inputTokens, output_tokens: outputTokens } = message.usage;
      return { text, model: message.model, inputTokens, outputTokens, latencyMs: Math.round(performance.now() - started), costUsd: priceOf(this.#model, inputTokens, outputTokens) };
    } catch (error) {
      throw classify('Anthropic', error);
    }
  }
}

/** GPT-4o through the OpenAI Chat Completions API (listed as "hal9" / "OpenAI GPT-4" in the spec). */
export class OpenAiProvider implements TextProvider {
  readonly id = 'hal9' as const;
  readonly #client: OpenAI;
  readonly #model: string;

  constructor(settings: RemoteSettings) {
    this.#client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL ?? null, maxRetries: 0, timeout: settings.timeoutMs });
    this.#model = settings.model;
  }

  async generate(task: WritingTask, signal?: AbortSignal): Promise<Completion> {
    const { system, prompt, maxTokens } = promptFor(task);
    const started = performance.now();
    try {
      const completion = await this.#client.chat.completions.create(
        {
          model: this.#model,
          max_completion_tokens: maxTokens,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: prompt },
          ],
        },
        { signal },
      );
      const text = completion.choices[0]?.message.content ?? '';
      const inputTokens = completion.usage?.prompt_tokens ?? 0;
      const outputTokens = completion.usage?.completion_tokens ?? 0;
      return { text, model: completion.model, inputTokens, outputTokens, latencyMs: Math.round(performance.now() - started), costUsd: priceOf(this.#model, inputTokens, outputTokens) };
    } catch (error) {
      throw classify('OpenAI', error);
    }
  }
}
