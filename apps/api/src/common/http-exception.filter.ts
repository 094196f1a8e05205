import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import { NotFoundError } from '@mikro-orm/core';
import type { Response } from 'express';
import { TooManyRequestsException } from './too-many-requests.exception.ts';

/** The error body every endpoint answers with (see design.md, "API conventions"). */
export interface ErrorBody {
  message: string;
  statusCode: number;
  details?: unknown;
  /** The message again, on routes whose older clients read `error` (the checkout call, spec §7). */
  error?: string;
}

/**
 * Turns every thrown error into `{ message, statusCode, details? }`. HttpExceptions keep their status and
 * message; anything else is a bug, logged with its stack and answered as a plain 500 without internals.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.bodyOf(exception);
    if (body.statusCode >= 500) {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    if (response.headersSent) return;
    if (exception instanceof TooManyRequestsException) response.setHeader('Retry-After', String(exception.retryAfter));
    response.status(body.statusCode).json(body);
  }

  protected bodyOf(exception: unknown): ErrorBody {
    return toErrorBody(exception);
  }
}

/** The same bodies with the message also in `error`: bind it with @UseFilters on routes whose clients read that field. */
@Catch()
export class ErrorFieldExceptionFilter extends HttpExceptionFilter {
  protected override bodyOf(exception: unknown): ErrorBody {
    const body = toErrorBody(exception);
    return { ...body, error: body.message };
  }
}

export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof NotFoundError) return { message: 'Not found', statusCode: HttpStatus.NOT_FOUND };
  if (!(exception instanceof HttpException)) {
    return { message: 'Internal server error', statusCode: HttpStatus.INTERNAL_SERVER_ERROR };
  }
  const statusCode = exception.getStatus();
  const response = exception.getResponse();
  if (typeof response === 'string') return { message: response, statusCode };
  const { message, details } = response as { message?: unknown; details?: unknown };
  const text = Array.isArray(message) ? message.map(String).join('; ') : typeof message === 'string' ? message : exception.message;
  return details === undefined ? { message: text, statusCode } : { message: text, statusCode, details };
}
