// A bench on a busy machine (2 cores, other runs beside it) sees the Temporal server answer a read with gRPC's
// DEADLINE_EXCEEDED ("context deadline exceeded"), which the client's own retries leave to the caller: the bench
// reads again rather than dying part way with its figures lost.
import { WorkflowExecutionAlreadyStartedError, type Client, type WorkflowStartOptions, type Workflow, type WorkflowResultType } from '@temporalio/client';

const GRPC_DEADLINE_EXCEEDED = 4;
const ATTEMPTS = 6;

/** Whether the error, or one of its causes, is a read that ran out of time. */
export function isReadTimeout(error: unknown): boolean {
  for (let cause = error; cause instanceof Object; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === GRPC_DEADLINE_EXCEEDED || /deadline exceeded/i.test(String((cause as { message?: unknown }).message))) return true;
  }
  return false;
}

/** Runs `read`, again after a pause (1 s, 2 s, …) each time it times out, up to ATTEMPTS times. */
export async function retryingTimeouts<T>(what: string, read: () => Promise<T>, pauseMs = 1000): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (!isReadTimeout(error) || attempt >= ATTEMPTS) throw error;
      process.stderr.write(`bench: ${what} timed out (${(error as Error).message}); trying again (${attempt}/${ATTEMPTS - 1})\n`);
      await new Promise((resolve) => setTimeout(resolve, pauseMs * attempt));
    }
  }
}

/** client.workflow.execute, with the start and the wait for the result each retried when they time out. */
export async function executeRetrying<W extends Workflow>(client: Client, workflow: W, options: WorkflowStartOptions<W> & { workflowId: string }): Promise<WorkflowResultType<W>> {
  const { workflowId } = options;
  await retryingTimeouts(`starting ${workflowId}`, () =>
    // A start that timed out may have started it all the same.
    client.workflow.start(workflow, options).catch((error: unknown) => {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }),
  );
  return retryingTimeouts(`waiting for ${workflowId}`, () => client.workflow.getHandle<W>(workflowId).result());
}
