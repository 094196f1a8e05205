import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HealthCanary } from '../../libs/db/index.ts';
import { canaryObjectKey, canaryWorkflowId } from '../../libs/domain/index.ts';
import { engineForFile, testConfig } from '../../testing/index.ts';
import { canaryWorkflow } from './workflow.ts';
import { StageAttribute } from '../search-attributes.ts';

const config = testConfig();
const engine = engineForFile(config);

describe('canaryWorkflow on the real Temporal server', () => {
  it('writes a row through MikroORM and an object to MinIO, and reports each step', async () => {
    const canaryId = randomUUID();
    const workflowId = canaryWorkflowId(canaryId);
    const result = await engine.client.workflow.execute(canaryWorkflow, {
      workflowId,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [canaryId],
      typedSearchAttributes: [{ key: StageAttribute, value: 'canary' }],
    });

    expect(result.canaryId).toBe(canaryId);
    expect(result.objectKey).toBe(canaryObjectKey(canaryId));
    expect(result.steps.map((s) => s.name)).toEqual(['activity: write row (PostgreSQL)', 'activity: write object (MinIO)']);
    for (const step of result.steps) expect(step.ms).toBeGreaterThanOrEqual(0);

    const row = await engine.deps.orm.em.fork().findOne(HealthCanary, { id: canaryId });
    expect(row?.workflowId).toBe(workflowId);
    expect((await engine.deps.storage.getBuffer(result.objectKey)).toString()).toBe(`canary ${canaryId}`);

    // Operators find the run by its business id and its search attributes.
    const described = await engine.client.workflow.getHandle(workflowId).describe();
    expect(described.status.name).toBe('COMPLETED');
    expect(described.typedSearchAttributes.get(StageAttribute)).toBe('canary');

    await engine.deps.orm.em.fork().nativeDelete(HealthCanary, { id: canaryId });
    await engine.deps.storage.delete(result.objectKey);
  });

  it('is idempotent per canary id: the same workflow id cannot run twice at once', async () => {
    const canaryId = randomUUID();
    const options = { workflowId: canaryWorkflowId(canaryId), taskQueue: config.TEMPORAL_TASK_QUEUE, args: [canaryId] as [string] };
    const first = await engine.client.workflow.start(canaryWorkflow, options);
    await expect(engine.client.workflow.start(canaryWorkflow, options)).rejects.toThrow(/already started/i);
    await first.result();
    await engine.deps.orm.em.fork().nativeDelete(HealthCanary, { id: canaryId });
    await engine.deps.storage.delete(canaryObjectKey(canaryId));
  });
});
