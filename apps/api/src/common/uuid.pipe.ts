import { BadRequestException, Injectable, NotFoundException, Param, type PipeTransform } from '@nestjs/common';
import { isUuid } from '../../../../libs/domain/index.ts';

/** Nest's ParseUUIDPipe's words, which the routes that answer a malformed id with 400 have always used. */
export const UUID_EXPECTED = 'Validation failed (uuid is expected)';

/**
 * A route id that must be a UUID (libs/domain's rule). Routes answer a malformed id in one of two ways, kept as the
 * spec and their clients know them: 400 (the back office and the Elite routes), or — where any id the caller cannot
 * see is simply not found — the route's own 404 with `notFound`'s words.
 */
@Injectable()
export class UuidPipe implements PipeTransform<unknown, string> {
  constructor(private readonly notFound?: string) {}

  transform(value: unknown): string {
    if (typeof value === 'string' && isUuid(value)) return value;
    throw this.notFound === undefined ? new BadRequestException(UUID_EXPECTED) : new NotFoundException(this.notFound);
  }
}

/** The route parameter `name` as a UUID; a malformed one is a 400. */
export const UuidParam = (name = 'id') => Param(name, new UuidPipe());

/** The route parameter `name` as a UUID; a malformed one is not found, a 404 with `message`. */
export const UuidOrNotFound = (message: string, name = 'id') => Param(name, new UuidPipe(message));
