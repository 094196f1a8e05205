// Shared constants and pure functions: no I/O here, so the API, the workflows and the portal can all import it.
export * from './workflow-ids.ts';
export * from './errors.ts';
export * from './written-so-far.ts';
export * from './storage-keys.ts';
export * from './accounts.ts';
export * from './book-requests.ts';
export * from './offers.ts';
export * from './payments.ts';
export * from './print.ts';
export * from './generation.ts';
export * from './book-projects.ts';
export * from './packaging.ts';
export * from './cover.ts';
export * from './quarto.ts';
export * from './input.ts';
export * from './safe-markdown.ts';
export * from './rate-limits.ts';
