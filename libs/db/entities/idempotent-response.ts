import { defineEntity, p } from '@mikro-orm/core';

/**
 * The first answer to one user's action named by its Idempotency-Key on one route: a repeat of the key is answered
 * with it instead of doing the action again. `status` is null while the first is still being carried out.
 */
export const IdempotentResponseSchema = defineEntity({
  name: 'IdempotentResponse',
  tableName: 'idempotent_responses',
  uniques: [{ properties: ['userId', 'route', 'key'] }],
  indexes: [{ properties: ['createdAt'] }],
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    route: p.string(),
    key: p.string().length(100),
    status: p.integer().nullable(),
    body: p.json<unknown>().nullable(),
    createdAt: p.datetime(),
  },
});
export class IdempotentResponse extends IdempotentResponseSchema.class {}
IdempotentResponseSchema.setClass(IdempotentResponse);
