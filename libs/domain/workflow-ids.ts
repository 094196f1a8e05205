/** Workflow id = domain key, so starts are idempotent and operators find runs by the ids they see. */
export const canaryWorkflowId = (canaryId: string) => `canary-${canaryId}`;
