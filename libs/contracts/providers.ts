import type { ProviderDescriptor } from '../domain/index.ts';

/**
 * GET /api/projects/providers: a provider with its limits, whether the caller can use it here (`available`) and,
 * when not, whether signing in would change that (paid providers are for signed-in authors only).
 */
export type ProviderOption = ProviderDescriptor & { available: boolean; signInRequired: boolean };
