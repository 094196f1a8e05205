import { HttpException, HttpStatus } from '@nestjs/common';
import { RateLimitMessages } from '../../../../libs/domain/index.ts';

/** A refusal: 429 with the seconds to wait in `details.retry_after` and in the Retry-After header (the exception filter sets it). */
export class TooManyRequestsException extends HttpException {
  readonly retryAfter: number;

  constructor(msBeforeNext: number, message?: string) {
    const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
    super({ message: message ?? RateLimitMessages.tooMany(retryAfter), details: { retry_after: retryAfter } }, HttpStatus.TOO_MANY_REQUESTS);
    this.retryAfter = retryAfter;
  }
}
