import { createHash, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { ProviderError, type Completion, type TextProvider, type WritingTask } from '../../libs/ai/index.ts';
import { AiProviderCall, claimProviderStep, completeProviderStep, GeneratorProject, releaseProviderStep, renewProviderStep } from '../../libs/db/index.ts';
import type { ProviderId } from '../../libs/domain/index.ts';
import { withHeartbeat } from '../heartbeat.ts';
import { untilRecorded } from '../until-recorded.ts';
import { observeProviderCall } from '../metrics.ts';

export { withHeartbeat };

/** How often a waiting attempt looks again for the result of the attempt calling the provider. */
const WAIT_MS = 500;
/** Without a heartbeat time-out, a claim is held this long without renewal before another attempt may call. */
const DEFAULT_LEASE_MS = 90_000;
const MIN_LEASE_MS = 6_000;

function currentContext(): Context | undefined {
  try {
    return Context.current();
  } catch {
    return undefined;
  }
}

/**
 * A permanent provider failure ends the activity at once; a 429, 5xx or time-out is retried with backoff, and a 429
 * that says when to come back (Retry-After) is retried then instead of on the policy's schedule.
 */
export function asFailure(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  if (!error.retryable) return ApplicationFailure.create({ type: 'ProviderError', message: error.message, nonRetryable: true });
  return ApplicationFailure.create({ type: 'ProviderBusy', message: error.message, ...(error.retryAfterMs === undefined ? {} : { nextRetryDelay: error.retryAfterMs }) });
}

/** Records one provider call with its tokens, time and cost on the call log, the project and the owner's profile (in the caller's transaction, if any). */
export async function recordProviderCall(em: EntityManager, project: GeneratorProject, provider: ProviderId, purpose: string, completion: Completion): Promise<void> {
  em.create(AiProviderCall, {
    id: randomUUID(),
    project,
    provider,
    model: completion.model,
    purpose,
    inputTokens: completion.inputTokens,
    outputTokens: completion.outputTokens,
    latencyMs: completion.latencyMs,
    costUsd: completion.costUsd,
    createdAt: new Date(),
  });
  await em.flush();
  const connection = em.getConnection();
  const tx = em.getTransactionContext();
  await connection.execute('update generator_projects set provider_calls = provider_calls + 1, cost_usd = cost_usd + ? where id = ?', [completion.costUsd, project.id], 'run', tx);
  if (project.user) {
    await connection.execute('update profiles set total_api_calls = total_api_calls + 1, total_cost = total_cost + ? where id = ?', [completion.costUsd, project.user.id], 'run', tx);
  }
}

/**
 * The idempotency key of one logical step of the running activity: its workflow run, the activity's id in that run
 * (Temporal numbers each activity a run schedules, and every attempt of it keeps that id, so a regeneration is a new
 * step and a retry is not) and the step inside the activity. Null outside an activity.
 */
export function stepKey(step: string): string | null {
  const info = currentContext()?.info;
  const run = info?.workflowExecution;
  if (!info || !run) return null;
  const key = `${run.workflowId}/${run.runId}/${info.activityId}/${step}`;
  return key.length <= 255 ? key : createHash('sha256').update(key).digest('hex');
}

/** A claim outlives a missed heartbeat or two (a busy worker), and frees the step soon after its holder died. */
function leaseMs(): number {
  const heartbeat = currentContext()?.info.heartbeatTimeoutMs;
  return heartbeat ? Math.max(MIN_LEASE_MS, 3 * heartbeat) : DEFAULT_LEASE_MS;
}

/**
 * Whether no attempt will want this one's answer: the book is cancelled or gone, or the run that scheduled the activity
 * has closed (an operator terminated it, say). The reason Temporal gives does not tell: a closed run's activities hear
 * "not found", as an attempt given up for a missed heartbeat does, whose answer the attempt replacing it waits for.
 * Anything that cannot be read (Temporal down, a test's context without a client) counts as wanted: paid once.
 */
async function unwanted(context: Context, em: EntityManager, projectId: string): Promise<boolean> {
  const book = await em.fork().findOne(GeneratorProject, { id: projectId }, { fields: ['stage'] });
  if (!book || book.stage === 'cancelled') return true;
  const execution = context.info.workflowExecution;
  if (!execution) return false;
  const run = await context.client.workflow.getHandle(execution.workflowId, execution.runId).describe();
  return run.status.name !== 'RUNNING';
}

/** Aborted (with the activity's CancelledFailure) when the attempt is cancelled and its answer is unwanted. */
function stopWhenUnwanted(context: Context, em: EntityManager, projectId: string): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const onCancel = () => {
    void unwanted(context, em, projectId).then(
      (yes) => {
        if (yes) controller.abort(context.cancellationSignal.reason);
      },
      () => undefined,
    );
  };
  context.cancellationSignal.addEventListener('abort', onCancel, { once: true });
  return { signal: controller.signal, dispose: () => context.cancellationSignal.removeEventListener('abort', onCancel) };
}

export interface PaidCall {
  em: EntityManager;
  project: GeneratorProject;
  provider: TextProvider;
  /** What the call log names the call ("chapter 3 expand"). */
  purpose: string;
  /** The step inside the activity, unique there ("chapter 3", "chapter 3 expand 1"). */
  step: string;
  task: WritingTask;
}

async function callAndRecord({ em, project, provider, purpose, task }: PaidCall): Promise<Completion> {
  let completion;
  try {
    completion = await withHeartbeat(() => observeProviderCall(provider.id, () => provider.generate(task)));
  } catch (error) {
    throw asFailure(error);
  }
  await recordProviderCall(em, project, provider.id, purpose, completion);
  return completion;
}

/**
 * One paid provider call per logical step, however many attempts run it: the step is claimed before the call, the
 * result and its cost are recorded together when the call returns, and an attempt that finds the step done reuses
 * the text; one that finds another attempt calling (a lost attempt still running) waits for its result.
 *
 * A call nobody will want (its book cancelled or deleted, its run terminated) stops when its attempt is cancelled: the
 * request is abandoned and the step freed. An attempt Temporal gave up for a missed heartbeat keeps its call: the
 * attempt that replaced it waits for that answer rather than buying another.
 */
export async function paidCall(call: PaidCall): Promise<Completion> {
  const key = stepKey(call.step);
  const context = currentContext();
  if (!key || !context) return callAndRecord(call);
  const { em, project, provider, purpose, task } = call;
  const lease = leaseMs();
  for (;;) {
    const claim = await claimProviderStep(em, key, project.id, purpose, lease);
    if (claim.kind === 'done') return claim.result;
    if (claim.kind === 'claimed') {
      const { owner } = claim;
      const renewal = setInterval(() => void renewProviderStep(em.fork(), key, owner, lease).catch(() => undefined), Math.floor(lease / 6));
      const unwanted = stopWhenUnwanted(context, em, project.id);
      try {
        let paid: Completion;
        try {
          paid = await withHeartbeat(() => observeProviderCall(provider.id, () => provider.generate(task, unwanted.signal)));
        } catch (error) {
          await releaseProviderStep(em.fork(), key, owner).catch(() => undefined);
          if (unwanted.signal.aborted) throw unwanted.signal.reason;
          throw asFailure(error);
        }
        // The answer is paid for: it is recorded even across a database outage, never bought again.
        return await untilRecorded(() =>
          em.transactional(async (tx) => {
            const kept = await completeProviderStep(tx, key, owner, paid);
            await recordProviderCall(tx, project, provider.id, purpose, paid);
            return kept;
          }),
        );
      } finally {
        clearInterval(renewal);
        unwanted.dispose();
      }
    }
    context.heartbeat();
    await context.sleep(WAIT_MS);
  }
}
