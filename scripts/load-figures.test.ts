import { describe, expect, it } from 'vitest';
import { booksPerMinute, findDuplicates, latencies, parseStat, percentile, treeTicks, type ProcStat } from './load-figures.ts';

describe('percentiles', () => {
  it('take the nearest rank of the sorted samples, whatever their order', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1
    expect(latencies(samples)).toEqual({ count: 100, p50: 50, p95: 95, p99: 99 });
    expect(percentile([7, 3, 9], 50)).toBe(7);
    expect(percentile([7, 3, 9], 99)).toBe(9);
    expect(percentile([4], 1)).toBe(4);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('duplicates in what the run wrote', () => {
  const step = (project_id: string, purpose: string) => ({ project_id, key: `${project_id}:${purpose}`, purpose });
  it('finds none when each chapter has one generated version and each step one call', () => {
    const found = findDuplicates({
      versions: [{ project_id: 'aaaaaaaa-1', chapter: 1 }, { project_id: 'aaaaaaaa-1', chapter: 2 }, { project_id: 'bbbbbbbb-2', chapter: 1 }],
      steps: [step('aaaaaaaa-1', 'chapter 1'), step('aaaaaaaa-1', 'chapter 2'), step('bbbbbbbb-2', 'chapter 1')],
      calls: [{ project_id: 'aaaaaaaa-1', purpose: 'chapter 1' }, { project_id: 'aaaaaaaa-1', purpose: 'chapter 2' }, { project_id: 'bbbbbbbb-2', purpose: 'chapter 1' }],
    });
    expect(found).toEqual({ versions: 0, providerCalls: 0, where: [] });
  });

  it('counts a chapter written twice and a step bought twice, book by book', () => {
    const found = findDuplicates({
      versions: [{ project_id: 'aaaaaaaa-1', chapter: 3 }, { project_id: 'aaaaaaaa-1', chapter: 3 }, { project_id: 'bbbbbbbb-2', chapter: 3 }],
      steps: [step('aaaaaaaa-1', 'chapter 3'), step('bbbbbbbb-2', 'chapter 3')],
      calls: [{ project_id: 'aaaaaaaa-1', purpose: 'chapter 3' }, { project_id: 'aaaaaaaa-1', purpose: 'chapter 3' }, { project_id: 'bbbbbbbb-2', purpose: 'chapter 3' }, { project_id: 'bbbbbbbb-2', purpose: 'outline' }],
    });
    expect(found.versions).toBe(1);
    expect(found.providerCalls).toBe(2);
    expect(found.where).toEqual([
      'book aaaaaaaa chapter 3: 2 generated versions',
      'book aaaaaaaa chapter 3: 2 provider calls for 1 step(s)',
      'book bbbbbbbb outline: 1 provider calls for 0 step(s)',
    ]);
  });
});

describe('CPU from /proc', () => {
  it('reads ppid and the four time fields, even when the command name holds spaces and parentheses', () => {
    const line = '4242 (node (worker) x) S 4200 4242 20750 0 -1 4194304 102 0 0 0 150 30 7 3 20 0 12 0 3444032 3133440 414 18446744073709551615\n';
    expect(parseStat(line)).toEqual({ pid: 4242, ppid: 4200, comm: 'node (worker) x', ownTicks: 180, childTicks: 10 });
  });

  it('adds up a process tree: live descendants and the children each has reaped, nothing outside it', () => {
    const stats: ProcStat[] = [
      { pid: 10, ppid: 1, comm: 'postgres', ownTicks: 100, childTicks: 40 },
      { pid: 11, ppid: 10, comm: 'postgres', ownTicks: 25, childTicks: 0 },
      { pid: 12, ppid: 11, comm: 'postgres', ownTicks: 5, childTicks: 1 },
      { pid: 20, ppid: 1, comm: 'minio', ownTicks: 999, childTicks: 0 },
    ];
    expect(treeTicks(stats, 10)).toBe(171);
    expect(treeTicks(stats, 20)).toBe(999);
    expect(treeTicks(stats, 99)).toBe(0);
  });
});

describe('books a minute', () => {
  it('counts from the first start to the last completion', () => {
    expect(booksPerMinute(20, 1_000, 61_000)).toBe(20);
    expect(booksPerMinute(5, 0, 30_000)).toBe(10);
    expect(booksPerMinute(0, 0, 30_000)).toBe(0);
  });
});
