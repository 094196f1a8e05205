// Every workflow the worker registers; this file is the entry point of the workflow bundle.
export { bookWorkflow } from './book.ts';
export { canaryWorkflow } from './canary.ts';
export { packageWorkflow } from './package.ts';
export { coverWorkflow } from './cover.ts';
