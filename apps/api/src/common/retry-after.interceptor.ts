import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { catchError, type Observable, throwError } from 'rxjs';
import { TooManyRequestsException } from './rate-limits.ts';

/**
 * Gives a 429 thrown inside a route (a per-recipient mail cap, a sign-in attempt limit) the Retry-After header the
 * rate-limit guard gives its own: the seconds until a place frees, as in the body's details.retry_after.
 */
@Injectable()
export class RetryAfterInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof TooManyRequestsException) context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(error.retryAfter));
        return throwError(() => error);
      }),
    );
  }
}
