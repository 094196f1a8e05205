import { defineEntity, p } from '@mikro-orm/core';
import { GeneratorProject } from './generator-project.ts';

export const PROVIDER_STEP_STATUSES = ['calling', 'done', 'failed'] as const;

/**
 * One paid provider call of a logical step, by its idempotency key (the workflow run, the activity's id in it, the step
 * inside the activity): claimed by one attempt before it calls, then holding what the call returned, so an attempt
 * repeated after a lost one reuses the text instead of paying for it again. A claim whose holder stops renewing its
 * lease (a killed worker) may be taken over.
 */
export const ProviderStepSchema = defineEntity({
  name: 'ProviderStep',
  tableName: 'provider_steps',
  properties: {
    key: p.string().length(255).primary(),
    project: () => p.manyToOne(GeneratorProject).deleteRule('cascade').index(),
    purpose: p.string(),
    status: p.enum(PROVIDER_STEP_STATUSES),
    /** The attempt holding the claim (a random id per attempt). */
    owner: p.uuid(),
    leaseUntil: p.datetime(),
    text: p.text().nullable(),
    model: p.string().nullable(),
    inputTokens: p.integer().nullable(),
    outputTokens: p.integer().nullable(),
    latencyMs: p.integer().nullable(),
    costUsd: p.decimal('number').precision(12).scale(6).nullable(),
    createdAt: p.datetime(),
    completedAt: p.datetime().nullable().index(),
  },
});
export class ProviderStep extends ProviderStepSchema.class {}
ProviderStepSchema.setClass(ProviderStep);

/**
 * A bookkeeping step recorded once by the attempt whose write landed (its key as a provider step's: run, activity,
 * step), so what the step counts is counted once however many attempts ran it.
 */
export const RecordedStepSchema = defineEntity({
  name: 'RecordedStep',
  tableName: 'recorded_steps',
  properties: {
    key: p.string().length(255).primary(),
    createdAt: p.datetime().index(),
  },
});
export class RecordedStep extends RecordedStepSchema.class {}
RecordedStepSchema.setClass(RecordedStep);
