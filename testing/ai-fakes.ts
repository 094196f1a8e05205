// Loopback fakes of the Anthropic Messages API and the OpenAI Chat Completions API, speaking their wire formats
// (including error bodies and 429s), so tests drive the real SDKs over HTTP.
import { createServer, type IncomingMessage, type Server } from 'node:http';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  /** When the request arrived and when it was answered (performance.now()), to see which calls overlapped. */
  arrivedAt: number;
  answeredAt?: number;
  /** When the client hung up before the answer (an aborted call), which then never comes. */
  abandonedAt?: number;
}

interface Failure {
  status: number;
  type: string;
  message: string;
  retryAfter?: string;
}

const words = (n: number) =>
  Array.from({ length: Math.max(1, n) }, (_, i) => ['Clear', 'writing', 'helps', 'readers', 'act', 'on', 'what', 'they', 'learn', 'today'][i % 10]).join(' ') + '.';

/** What the fake writes: JSON outlines for outline prompts, otherwise prose sized to the request's token budget. */
function answerFor(prompt: string, maxTokens: number): string {
  if (prompt.includes('Answer with JSON only')) {
    const count = Number(/exactly (\d+) chapters/.exec(prompt)?.[1] ?? 3);
    const total = Number(/add up to (\d+)/.exec(prompt)?.[1] ?? 3000 * count);
    const each = Math.floor(total / count);
    return JSON.stringify({
      chapters: Array.from({ length: count }, (_, i) => ({
        title: `Chapter Theme ${i + 1}`,
        description: `What part ${i + 1} covers.`,
        key_points: ['First point', 'Second point', 'Third point'],
        target_words: i === count - 1 ? total - each * (count - 1) : each,
      })),
    });
  }
  return words(Math.round((maxTokens - 400) / 1.6));
}

export class FakeAiServer {
  readonly received: Received[] = [];
  readonly #failures: Failure[] = [];
  readonly #failWhen: { text: string; failure: Failure }[] = [];
  #delayMs = 0;
  #server: Server | undefined;
  url = '';

  /** The next `times` calls fail with this HTTP status and the provider's error body (a 429 says Retry-After: `retryAfter`). */
  failNext(status: number, times = 1, message = 'simulated failure', retryAfter = '1'): void {
    const type = status === 429 ? 'rate_limit_error' : status >= 500 ? 'api_error' : 'invalid_request_error';
    for (let i = 0; i < times; i++) this.#failures.push({ status, type, message, retryAfter });
  }

  /** Every call whose request contains `text` fails with this status (until `clearFailures`). */
  failWhen(text: string, status: number, message = 'simulated failure'): void {
    this.#failWhen.push({ text, failure: { status, type: status >= 500 ? 'api_error' : 'invalid_request_error', message } });
  }

  clearFailures(): void {
    this.#failures.length = 0;
    this.#failWhen.length = 0;
  }

  /** Every call takes this long (to measure parallelism). */
  delay(ms: number): void {
    this.#delayMs = ms;
  }

  calls(path?: string): number {
    return path ? this.received.filter((r) => r.path === path).length : this.received.length;
  }

  async start(): Promise<this> {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void (async () => {
          const path = (req.url ?? '').split('?')[0] ?? '';
          const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
          const received: Received = { path, headers: req.headers, body, arrivedAt: performance.now() };
          this.received.push(received);
          res.once('close', () => {
            if (!res.writableFinished) received.abandonedAt = performance.now();
          });
          if (this.#delayMs) await new Promise((r) => setTimeout(r, this.#delayMs));
          if (received.abandonedAt !== undefined) return;
          const raw = JSON.stringify(body);
          const failure = this.#failWhen.find((f) => raw.includes(f.text))?.failure ?? this.#failures.shift();
          const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
            received.answeredAt = performance.now();
            res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
            res.end(JSON.stringify(payload));
          };
          const isAnthropic = path.endsWith('/messages');
          if (failure) {
            const headers: Record<string, string> = failure.status === 429 ? { 'retry-after': failure.retryAfter ?? '1' } : {};
            return isAnthropic
              ? send(failure.status, { type: 'error', error: { type: failure.type, message: failure.message } }, headers)
              : send(failure.status, { error: { message: failure.message, type: failure.type, code: null } }, headers);
          }
          if (isAnthropic) {
            const messages = body.messages as { content: string }[];
            const text = answerFor(messages[0]?.content ?? '', Number(body.max_tokens));
            return send(200, {
              id: `msg_${this.received.length}`,
              type: 'message',
              role: 'assistant',
              model: body.model,
              content: [{ type: 'text', text }],
              stop_reason: 'end_turn',
              stop_sequence: null,
              usage: { input_tokens: 120, output_tokens: Math.round(text.split(' ').length * 1.3) },
            });
          }
          if (path.endsWith('/chat/completions')) {
            const messages = body.messages as { role: string; content: string }[];
            const text = answerFor(messages.find((m) => m.role === 'user')?.content ?? '', Number(body.max_completion_tokens ?? body.max_tokens));
            const completion = Math.round(text.split(' ').length * 1.3);
            return send(200, {
              id: `chatcmpl-${this.received.length}`,
              object: 'chat.completion',
              created: Math.floor(Date.now() / 1000),
              model: body.model,
              choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, finish_reason: 'stop', logprobs: null }],
              usage: { prompt_tokens: 150, completion_tokens: completion, total_tokens: 150 + completion },
            });
          }
          send(404, { error: { message: `no route ${path}` } });
        })();
      });
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, '127.0.0.1', resolve));
    const address = this.#server.address() as { port: number };
    this.url = `http://127.0.0.1:${address.port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.#server?.close(resolve));
  }
}
