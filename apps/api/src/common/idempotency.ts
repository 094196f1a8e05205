import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  applyDecorators,
  BadRequestException,
  ConflictException,
  createParamDecorator,
  Injectable,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Request } from 'express';
import { catchError, from, mergeMap, type Observable } from 'rxjs';
import { IDEMPOTENCY_HEADER, IdempotencyMessages, isIdempotencyKey } from '../../../../libs/domain/index.ts';
import type { AuthUser } from './auth.types.ts';

/** How long a repeat waits for the first of its key to finish before it is told the action is still under way. */
const REPEAT_WAIT_MS = 5_000;
const REPEAT_POLL_MS = 200;
/** First answers are kept this long; older ones are swept now and then as new ones are claimed. */
const KEEP_HOURS = 24;

/** The request's Idempotency-Key, or undefined when it has none; a malformed one is a 400. */
export function idempotencyKeyOf(req: Pick<Request, 'headers'>): string | undefined {
  const value = req.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !isIdempotencyKey(value)) throw new BadRequestException(IdempotencyMessages.invalid);
  return value;
}

/** The action's key as a route parameter (checked): an Elite action passes it on as its workflow update's id. */
export const ActionKey = createParamDecorator((_: unknown, ctx: ExecutionContext): string | undefined => idempotencyKeyOf(ctx.switchToHttp().getRequest<Request>()));

const documented = () => ApiHeader({ name: IDEMPOTENCY_HEADER, required: false, description: 'A UUID per user intent, the same on every retry of it: the action is done once' });
/** Documents the header of a route whose action is made idempotent by its workflow (the key becomes the update's id). */
export const KeyedAction = () => documented();

/**
 * A route that creates something: a repeat of the caller's key on it is answered with the first answer (status and
 * body, kept in idempotent_responses) instead of creating it again. Without a key, or signed out, nothing is kept.
 */
export const Idempotent = () => applyDecorators(documented(), UseInterceptors(IdempotencyInterceptor));

interface Kept {
  id: string;
  status: number | null;
  body: unknown;
}

@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly em: EntityManager) {}

  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = ctx.switchToHttp();
    const req = http.getRequest<Request & { user?: AuthUser }>();
    const key = idempotencyKeyOf(req);
    const userId = req.user?.id;
    if (!key || !userId) return next.handle();
    const route = `${req.method} ${req.originalUrl.split('?')[0]}`.slice(0, 255);
    const claimed = await this.claim(userId, route, key);
    if (!claimed) return from(this.repeat(userId, route, key));
    return next.handle().pipe(
      mergeMap(async (body: unknown) => {
        await this.keep(claimed, http.getResponse<{ statusCode: number }>().statusCode, body);
        return body;
      }),
      // A first attempt that failed keeps nothing: the same key may try again.
      catchError((error: unknown) =>
        from(this.release(claimed)).pipe(
          mergeMap(() => {
            throw error;
          }),
        ),
      ),
    );
  }

  /** The new row's id, or null when the key was used on this route by this user before. */
  private async claim(userId: string, route: string, key: string): Promise<string | null> {
    const connection = this.em.getConnection();
    if (Math.random() < 0.02) await connection.execute(`delete from "idempotent_responses" where "created_at" < now() - interval '${KEEP_HOURS} hours'`);
    const id = randomUUID();
    const rows = await connection.execute<{ id: string }[]>(
      'insert into "idempotent_responses" ("id", "user_id", "route", "key", "created_at") values (?, ?, ?, ?, now()) on conflict do nothing returning "id"',
      [id, userId, route, key],
    );
    return rows.length ? id : null;
  }

  private async keep(id: string, status: number, body: unknown): Promise<void> {
    await this.em.getConnection().execute('update "idempotent_responses" set "status" = ?, "body" = ?::jsonb where "id" = ?', [status, JSON.stringify(body ?? null), id]);
  }

  private async release(id: string): Promise<void> {
    await this.em.getConnection().execute('delete from "idempotent_responses" where "id" = ?', [id]);
  }

  /** The first answer of the key, once it is there; a first still under way after REPEAT_WAIT_MS is a 409. */
  private async repeat(userId: string, route: string, key: string): Promise<unknown> {
    const until = Date.now() + REPEAT_WAIT_MS;
    for (;;) {
      const [kept] = await this.em
        .getConnection()
        .execute<Kept[]>('select "id", "status", "body" from "idempotent_responses" where "user_id" = ? and "route" = ? and "key" = ?', [userId, route, key]);
      // Gone: the first failed and was released; this repeat is refused as the first was, on its next try.
      if (!kept) throw new ConflictException(IdempotencyMessages.inFlight);
      if (kept.status !== null) return kept.body;
      if (Date.now() > until) throw new ConflictException(IdempotencyMessages.inFlight);
      await sleep(REPEAT_POLL_MS);
    }
  }
}
