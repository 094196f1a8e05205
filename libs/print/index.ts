// Print-on-demand for Pressroom: the Lulu Print API client, the spec's built-in mock, and the fallback between them.
import type { Config } from '../config/index.ts';
import type { PrintSource } from '../contracts/index.ts';
import { LuluPrintProvider, luluConfigured, luluOptionsFrom, type LuluClientOptions } from './lulu.ts';
import { MockPrintProvider, type MockPrintOptions } from './mock.ts';
import { PrintProviderError, type PrintProvider } from './provider.ts';

export * from './provider.ts';
export * from './lulu.ts';
export * from './mock.ts';
export * from './cover.ts';

type PrintSettings = Pick<Config, 'LULU_API_URL' | 'LULU_CLIENT_KEY' | 'LULU_CLIENT_SECRET'>;

export interface PrintProviders {
  /** Lulu (or the simulator) when configured, otherwise the mock itself. */
  provider: PrintProvider;
  /** The spec's built-in mock, which answers when the provider fails. */
  mock: MockPrintProvider;
}

export interface PrintProviderOptions {
  lulu?: Omit<LuluClientOptions, 'apiUrl' | 'clientKey' | 'clientSecret'>;
  mock?: MockPrintOptions;
}

export function createPrintProviders(config: PrintSettings, options: PrintProviderOptions = {}): PrintProviders {
  const mock = new MockPrintProvider(options.mock);
  const provider = luluConfigured(config) ? new LuluPrintProvider({ ...luluOptionsFrom(config), ...options.lulu }) : mock;
  return { provider, mock };
}

/** Lulu when LULU_API_URL and its credentials are set, else the built-in mock. */
export const createPrintProvider = (config: PrintSettings, options: PrintProviderOptions = {}): PrintProvider => createPrintProviders(config, options).provider;

/** The Lulu client itself (webhook subscriptions have no mock), or null when Lulu is not configured. */
export const createLuluClient = (config: PrintSettings, options: PrintProviderOptions['lulu'] = {}): LuluPrintProvider | null =>
  luluConfigured(config) ? new LuluPrintProvider({ ...luluOptionsFrom(config), ...options }) : null;

/** An answer and where it came from; `fallbackReason` is the provider's failure when the mock answered instead. */
export interface Sourced<T> {
  value: T;
  source: PrintSource;
  fallbackReason?: PrintProviderError;
}

/**
 * For products, cost and shipping options (§7.1): the provider's answer (after its own retries), or on its failure
 * the mock's, marked 'mock' so no guessed price is shown as real. Creating and looking up print jobs never falls
 * back: printing cannot be faked. Errors other than the provider's (bugs) are not hidden.
 */
export async function withFallback<T>({ provider, mock }: PrintProviders, call: (provider: PrintProvider) => Promise<T>): Promise<Sourced<T>> {
  try {
    return { value: await call(provider), source: provider.source };
  } catch (error) {
    if (!(error instanceof PrintProviderError) || provider === mock) throw error;
    return { value: await call(mock), source: mock.source, fallbackReason: error };
  }
}
