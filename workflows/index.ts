// Every workflow the worker registers; this file is the entry point of the workflow bundle.
export { canaryWorkflow } from './canary.ts';
