import { BadRequestException } from '@nestjs/common';
import type { Response } from 'express';
import { inputProblem } from '../../../../libs/domain/index.ts';

/** react-admin's simple-rest list parameters: sort=["field","ASC"], range=[start,end], filter={...}. */
export interface ListQuery {
  sort: { field: string; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

function parseJson(name: string, raw: string | undefined): unknown {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestException(`${name} must be JSON`);
  }
}

export function parseListQuery(
  query: { sort?: string; range?: string; filter?: string },
  sortable: readonly string[],
  defaultSort: ListQuery['sort'],
): ListQuery {
  const sort = parseJson('sort', query.sort);
  const range = parseJson('range', query.range);
  const filter = parseJson('filter', query.filter) ?? {};
  let parsedSort = defaultSort;
  if (sort !== undefined) {
    if (!Array.isArray(sort) || !sortable.includes(String(sort[0])) || !['ASC', 'DESC'].includes(String(sort[1]).toUpperCase())) {
      throw new BadRequestException(`sort must be ["field","ASC"|"DESC"] with field one of ${sortable.join(', ')}`);
    }
    parsedSort = { field: String(sort[0]), order: String(sort[1]).toUpperCase() as 'ASC' | 'DESC' };
  }
  let offset = 0;
  let limit = 25;
  if (range !== undefined) {
    if (!Array.isArray(range) || !Number.isInteger(range[0]) || !Number.isInteger(range[1]) || range[0] < 0 || range[1] < range[0]) {
      throw new BadRequestException('range must be [start, end] with 0 <= start <= end');
    }
    offset = range[0];
    limit = Math.min(range[1] - range[0] + 1, 200);
  }
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw new BadRequestException('filter must be a JSON object');
  // The query string passed the boundary's rules as text, but JSON escapes can still spell a NUL (PostgreSQL refuses it).
  const problem = inputProblem({ filter });
  if (problem) throw new BadRequestException({ message: problem.messages[0], details: [problem] });
  return { sort: parsedSort, offset, limit, filter: filter as Record<string, unknown> };
}

/** Sets the Content-Range header react-admin reads for the total. */
export function setContentRange(res: Response, resource: string, offset: number, count: number, total: number): void {
  const end = count === 0 ? offset : offset + count - 1;
  res.setHeader('Content-Range', `${resource} ${offset}-${end}/${total}`);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
}

/** A filter that must name one of `allowed` (a select in the list's filters); undefined when it is not set. */
export function listFilter<T extends string>(filter: ListQuery['filter'], name: string, allowed: readonly T[]): T | undefined {
  const value = filter[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw new BadRequestException(`filter.${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}
