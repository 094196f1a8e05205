/** Workflow id = domain key, so starts are idempotent and operators find runs by the ids they see. */
export const canaryWorkflowId = (canaryId: string) => `canary-${canaryId}`;
export const bookWorkflowId = (projectId: string) => `book-${projectId}`;
/** The n-th packaging run of a book (the book's own build is one; each rebuild or new cover another). */
export const packageWorkflowId = (projectId: string, run: number) => `package-${projectId}-${run}`;
/** A cover made for fields alone (`POST /api/intelligent/cover`), with no project behind it. */
export const coverWorkflowId = (requestId: string) => `cover-${requestId}`;
