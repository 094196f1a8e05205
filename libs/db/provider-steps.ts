import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { Completion } from '../domain/index.ts';


/** done: the step's call returned before (reuse it); claimed: this attempt calls; busy: another attempt is calling now. */
export type StepClaim = { kind: 'done'; result: Completion } | { kind: 'claimed'; owner: string } | { kind: 'busy' };

interface StepRow {
  owner: string;
  status: 'calling' | 'done' | 'failed';
  text: string | null;
  model: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  latency_ms: number | null;
  cost_usd: string | number | null;
}

const resultOf = (row: StepRow): Completion => ({
  text: row.text ?? '',
  model: row.model ?? '',
  inputTokens: row.input_tokens ?? 0,
  outputTokens: row.output_tokens ?? 0,
  latencyMs: row.latency_ms ?? 0,
  costUsd: Number(row.cost_usd ?? 0),
});

const run = (em: EntityManager, sql: string, params: unknown[]) => em.getConnection().execute<StepRow[]>(sql, params, 'all', em.getTransactionContext());

/**
 * Claims a step for one attempt before it calls the provider: a new step, one whose call failed, or one whose holder
 * stopped renewing its lease (database time, so workers' clocks do not matter) is this attempt's to call.
 */
export async function claimProviderStep(em: EntityManager, key: string, projectId: string, purpose: string, leaseMs: number): Promise<StepClaim> {
  const owner = randomUUID();
  const claimed = await run(
    em,
    `insert into "provider_steps" ("key", "project_id", "purpose", "status", "owner", "lease_until", "created_at")
     values (?, ?, ?, 'calling', ?, now() + cast(? as integer) * interval '1 millisecond', now())
     on conflict ("key") do update set "status" = 'calling', "owner" = excluded."owner", "lease_until" = excluded."lease_until"
     where "provider_steps"."status" = 'failed' or ("provider_steps"."status" = 'calling' and "provider_steps"."lease_until" < now())
     returning "owner"`,
    [key, projectId, purpose, owner, leaseMs],
  );
  if (claimed[0]?.owner === owner) return { kind: 'claimed', owner };
  const [row] = await run(em, `select * from "provider_steps" where "key" = ?`, [key]);
  return row?.status === 'done' ? { kind: 'done', result: resultOf(row) } : { kind: 'busy' };
}

/** The holder's call is still running: its claim stays its own for another lease. */
export async function renewProviderStep(em: EntityManager, key: string, owner: string, leaseMs: number): Promise<void> {
  await run(em, `update "provider_steps" set "lease_until" = now() + cast(? as integer) * interval '1 millisecond' where "key" = ? and "owner" = ? and "status" = 'calling' returning "owner"`, [leaseMs, key, owner]);
}

/**
 * Records the call's result on its step, in the caller's transaction (with the call's cost). The first result of a step
 * stays: a holder whose lease was taken over and who returns late keeps what the other attempt recorded.
 */
export async function completeProviderStep(em: EntityManager, key: string, owner: string, result: Completion): Promise<Completion> {
  const [row] = await run(
    em,
    `update "provider_steps" set "status" = 'done', "owner" = ?, "text" = ?, "model" = ?, "input_tokens" = ?, "output_tokens" = ?, "latency_ms" = ?, "cost_usd" = ?, "completed_at" = now()
     where "key" = ? and "status" <> 'done' returning *`,
    [owner, result.text, result.model, result.inputTokens, result.outputTokens, result.latencyMs, result.costUsd, key],
  );
  if (row) return resultOf(row);
  const [done] = await run(em, `select * from "provider_steps" where "key" = ?`, [key]);
  return done ? resultOf(done) : result;
}

/** The holder's call failed: the next attempt may call again (a refused or failed call is not a paid result). */
export async function releaseProviderStep(em: EntityManager, key: string, owner: string): Promise<void> {
  await run(em, `update "provider_steps" set "status" = 'failed' where "key" = ? and "owner" = ? and "status" = 'calling' returning "owner"`, [key, owner]);
}
