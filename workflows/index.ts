// Every workflow the worker registers; this file is the entry point of the workflow bundle.
export { bookWorkflow } from './book/workflow.ts';
export { canaryWorkflow } from './canary/workflow.ts';
export { packageWorkflow } from './package/workflow.ts';
export { coverWorkflow, productCoverWorkflow } from './cover/workflow.ts';
export { mailWorkflow } from './notify/workflow.ts';
export { mailDigestWorkflow } from './notify/digest.ts';
export { stepPruningWorkflow } from './maintenance/step-pruning.ts';
export { paymentWorkflow } from './payment/workflow.ts';
export { bookRequestWorkflow } from './book-request/workflow.ts';
export { printOrderWorkflow } from './print-order/workflow.ts';
export { eliteRequestWorkflow } from './elite/workflow.ts';
export { assistWorkflow } from './assist/workflow.ts';
export { saleWorkflow } from './sale/workflow.ts';
