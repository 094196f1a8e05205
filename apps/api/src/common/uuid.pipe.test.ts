import { BadRequestException, NotFoundException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { UUID_EXPECTED, UuidPipe } from './uuid.pipe.ts';

const id = '7d3c1c8e-5b7a-4c1e-9f3a-2b6d8e4f1a20';

describe('the one UUID pipe for route ids', () => {
  it('passes a UUID through, in either case', () => {
    expect(new UuidPipe().transform(id)).toBe(id);
    expect(new UuidPipe('Not found').transform(id.toUpperCase())).toBe(id.toUpperCase());
  });

  it("answers a malformed id with 400 and Nest's words by default", () => {
    for (const value of ['not-a-uuid', '', `${id}x`, '%00', undefined, 42]) {
      const error = (() => {
        try {
          new UuidPipe().transform(value);
        } catch (thrown) {
          return thrown;
        }
      })();
      expect(error).toBeInstanceOf(BadRequestException);
      expect((error as BadRequestException).message).toBe(UUID_EXPECTED);
    }
  });

  it("answers a malformed id as not found, with the route's words, when the route asks for it", () => {
    expect(() => new UuidPipe('Print order not found').transform('not-an-id')).toThrow(new NotFoundException('Print order not found'));
  });
});
