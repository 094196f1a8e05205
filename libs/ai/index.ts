import type { Config } from '../config/index.ts';
import type { ProviderOption } from '../contracts/index.ts';
import { PROVIDERS, providerOption, type ProviderId } from '../domain/index.ts';
import { MockProvider } from './mock.ts';
import { AnthropicProvider, OpenAiProvider } from './remote.ts';
import type { TextProvider } from './tasks.ts';

export * from './tasks.ts';
export { assistAnswer, assistTaskFor, type AssistSource } from './assist.ts';
export { MOCK_WRITER_TAGS, mockWritesIn, type MockWriterLanguage, type MockWriterTag } from '../domain/mock-languages.ts';
export { promptLanguage } from './prompt-language.ts';

export type AiConfig = Pick<Config, 'ANTHROPIC_API_KEY' | 'ANTHROPIC_BASE_URL' | 'ANTHROPIC_MODEL' | 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL' | 'AI_REQUEST_TIMEOUT_MS'>;

/** The providers this server can use: mock always, the others when their key is configured. */
export function createProviders(config: AiConfig): Partial<Record<ProviderId, TextProvider>> {
  const timeoutMs = config.AI_REQUEST_TIMEOUT_MS;
  return {
    mock: new MockProvider(),
    ...(config.ANTHROPIC_API_KEY
      ? { anthropic: new AnthropicProvider({ apiKey: config.ANTHROPIC_API_KEY, baseURL: config.ANTHROPIC_BASE_URL, model: config.ANTHROPIC_MODEL, timeoutMs }) }
      : {}),
    ...(config.OPENAI_API_KEY ? { hal9: new OpenAiProvider({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL, timeoutMs }) } : {}),
  };
}

/** Whether a real AI (a paid provider with its key) is configured: what a book credit needs to be spent. */
export function realAiConfigured(config: AiConfig): boolean {
  return Object.keys(createProviders(config)).some((id) => PROVIDERS[id as ProviderId].costClass !== 'free');
}

/** The descriptors the pages show, with whether the caller can use each provider here. */
export function providerCatalogue(config: AiConfig, signedIn: boolean): ProviderOption[] {
  const configured = createProviders(config);
  return Object.values(PROVIDERS).map((descriptor) => providerOption(descriptor, descriptor.id in configured, signedIn));
}
