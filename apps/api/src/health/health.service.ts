import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import { Inject, Injectable } from '@nestjs/common';
import { Client, WorkflowFailedError } from '@temporalio/client';
import proto from '@temporalio/proto';
import type { Config } from '../../../../libs/config/index.ts';
import { explainTemporalFailure } from '../../../../libs/config/temporal-connect.ts';
import { canaryObjectKey, canaryWorkflowId } from '../../../../libs/domain/index.ts';
import { HealthCanary } from '../../../../libs/db/index.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import type { canaryWorkflow } from '../../../../workflows/canary/workflow.ts';
import { StageAttribute } from '../../../../workflows/search-attributes.ts';
import { CONFIG } from '../config/config.module.ts';
import { timed, withTimeout } from '../common/with-timeout.ts';

const { temporal } = proto; // a CommonJS package: its namespaces are not named ESM exports

export type ServiceStatus = 'up' | 'down';

export interface ServiceCheck {
  status: ServiceStatus;
  latencyMs: number;
  error?: string;
}

export interface TemporalCheck extends ServiceCheck {
  /** Whether a worker has polled the task queue within the last POLLER_WINDOW_MS. */
  workerPolling: boolean;
  taskQueue: string;
}

export interface HealthReport {
  status: 'ok' | 'degraded' | 'down';
  checks: { postgres: ServiceCheck; temporal: TemporalCheck; minio: ServiceCheck };
}

export interface DeepStep {
  name: string;
  ms: number;
  ok: boolean;
  error?: string;
}

export interface DeepHealthReport {
  status: 'ok' | 'down';
  workflowId: string;
  runId?: string;
  temporalUiUrl?: string;
  totalMs: number;
  steps: DeepStep[];
}

/** Workers long-poll for up to a minute, so a live worker has always been seen within this window. */
const POLLER_WINDOW_MS = 75_000;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

@Injectable()
export class HealthService {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly orm: MikroORM,
    private readonly storage: StorageService,
    private readonly temporalClient: Client,
  ) {}

  async check(): Promise<HealthReport> {
    const [postgres, temporalCheck, minio] = await Promise.all([this.checkPostgres(), this.checkTemporal(), this.checkMinio()]);
    const anyDown = [postgres, temporalCheck, minio].some((c) => c.status === 'down');
    return {
      status: anyDown ? 'down' : temporalCheck.workerPolling ? 'ok' : 'degraded',
      checks: { postgres, temporal: temporalCheck, minio },
    };
  }

  private async probe(what: string, fn: () => Promise<unknown>, timeoutMs = this.config.HEALTH_TIMEOUT_MS): Promise<ServiceCheck> {
    const started = performance.now();
    try {
      await withTimeout(fn(), timeoutMs, what);
      return { status: 'up', latencyMs: Math.round(performance.now() - started) };
    } catch (error) {
      return { status: 'down', latencyMs: Math.round(performance.now() - started), error: message(error) };
    }
  }

  private checkPostgres(): Promise<ServiceCheck> {
    return this.probe('PostgreSQL', () => this.orm.em.getConnection().execute('select 1'));
  }

  private checkMinio(): Promise<ServiceCheck> {
    return this.probe('MinIO', async () => {
      if (!(await this.storage.bucketExists())) throw new Error(`bucket "${this.storage.bucket}" does not exist`);
    });
  }

  private async checkTemporal(): Promise<TemporalCheck> {
    let workerPolling = false;
    const taskQueue = this.config.TEMPORAL_TASK_QUEUE;
    // The call's own deadline ends it, retries included, before the probe stops waiting: no retry may still be pending
    // when the API shuts down (one firing on the closed channel would throw).
    const check = await this.probe('Temporal', async () => {
      const { connection } = this.temporalClient;
      const answer = await connection
        .withDeadline(Date.now() + this.config.HEALTH_TIMEOUT_MS, () =>
          connection.workflowService.describeTaskQueue({
            namespace: this.config.TEMPORAL_NAMESPACE,
            taskQueue: { name: taskQueue, kind: temporal.api.enums.v1.TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
            taskQueueType: temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
          }),
        )
        // The lazy client's own error says only that the call failed: the operator reads which setting to fix (a CA, a
        // server name, a certificate, the API key, TLS on or off), as the worker's start says it.
        .catch(async (error: unknown) => {
          throw await explainTemporalFailure(this.config, error);
        });
      const recent = Date.now() - POLLER_WINDOW_MS;
      workerPolling = (answer.pollers ?? []).some((poller) => {
        const seconds = Number(poller.lastAccessTime?.seconds ?? 0);
        return seconds * 1000 >= recent;
      });
    }, 2 * this.config.HEALTH_TIMEOUT_MS);
    return { ...check, workerPolling, taskQueue };
  }

  /**
   * Runs the canary workflow on the real server: its activities write a row and an object, then this
   * reads both back and removes them. Each step reports its time; the run stays visible in the Temporal UI.
   */
  async deep(): Promise<DeepHealthReport> {
    const canaryId = randomUUID();
    const workflowId = canaryWorkflowId(canaryId);
    const steps: DeepStep[] = [];
    const started = performance.now();
    const waitMs = this.config.HEALTH_TIMEOUT_MS * 5;

    const step = async <T>(name: string, fn: () => Promise<T>): Promise<T | undefined> => {
      try {
        const { value, ms } = await timed(() => withTimeout(fn(), waitMs, name));
        steps.push({ name, ms, ok: true });
        return value;
      } catch (error) {
        steps.push({ name, ms: 0, ok: false, error: describeFailure(error) });
        return undefined;
      }
    };
    const report = (runId?: string): DeepHealthReport => ({
      status: steps.every((s) => s.ok) ? 'ok' : 'down',
      workflowId,
      ...(runId
        ? {
            runId,
            temporalUiUrl: `${this.config.TEMPORAL_UI_URL}/namespaces/${encodeURIComponent(this.config.TEMPORAL_NAMESPACE)}/workflows/${encodeURIComponent(workflowId)}/${runId}/history`,
          }
        : {}),
      totalMs: Math.round(performance.now() - started),
      steps,
    });

    // As in checkTemporal: the call's deadline comes well before the step stops waiting.
    const handle = await step('start canary workflow', () =>
      this.temporalClient.withDeadline(Date.now() + this.config.HEALTH_TIMEOUT_MS, () =>
        this.temporalClient.workflow.start<typeof canaryWorkflow>('canaryWorkflow', {
          workflowId,
          taskQueue: this.config.TEMPORAL_TASK_QUEUE,
          args: [canaryId],
          workflowExecutionTimeout: '2 minutes',
          typedSearchAttributes: [{ key: StageAttribute, value: 'canary' }],
        }),
      ),
    );
    if (!handle) return report();
    const runId = handle.firstExecutionRunId;

    const result = await step('workflow completed (a worker ran it)', () => handle.result());
    if (!result) {
      await handle.terminate('deep health check gave up waiting').catch(() => undefined);
      return report(runId);
    }
    for (const activityStep of result.steps) steps.push({ ...activityStep, ok: true });

    await step('API read row back (PostgreSQL)', async () => {
      const row = await this.orm.em.fork().findOne(HealthCanary, { id: canaryId });
      if (!row || row.workflowId !== workflowId) throw new Error('canary row not found');
    });
    await step('API read object back (MinIO)', async () => {
      const body = (await this.storage.getBuffer(canaryObjectKey(canaryId))).toString('utf8');
      if (body !== `canary ${canaryId}`) throw new Error('canary object has unexpected content');
    });
    await step('clean up row and object', async () => {
      await this.orm.em.fork().nativeDelete(HealthCanary, { id: canaryId });
      await this.storage.delete(canaryObjectKey(canaryId));
    });
    return report(runId);
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof WorkflowFailedError) return `workflow failed: ${message(error.cause ?? error)}`;
  return message(error);
}
