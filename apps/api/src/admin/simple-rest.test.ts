import { BadRequestException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { InputMessages } from '../../../../libs/domain/index.ts';
import { parseListQuery } from './simple-rest.ts';

const parse = (filter: string) => parseListQuery({ filter }, ['name'], { field: 'name', order: 'ASC' });

describe("react-admin's list parameters", () => {
  it('read a filter object, and the default sort and page', () => {
    expect(parse('{"q":"Ada","status":"paid"}')).toEqual({ sort: { field: 'name', order: 'ASC' }, offset: 0, limit: 25, filter: { q: 'Ada', status: 'paid' } });
  });

  it('refuse a filter whose JSON escapes spell a NUL or half a surrogate pair, naming the field', () => {
    const refusal = (filter: string) => {
      try {
        parse(filter);
      } catch (error) {
        return error instanceof BadRequestException ? error.getResponse() : error;
      }
      return undefined;
    };
    expect(refusal('{"q":"a\\u0000b"}')).toMatchObject({ message: InputMessages.nulCharacter('filter.q') });
    expect(refusal('{"author":{"name":"\\ud800"}}')).toMatchObject({ message: InputMessages.invalidUnicode('filter.author.name') });
  });
});
