import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../testing/index.ts';
import { seedRealIds, stopRealIdRuns, type RealIds } from '../../../testing/real-ids.ts';
import { failuresIn, fuzz, serverErrors, type FuzzResult } from '../../../testing/schemathesis.ts';
import { apiClient, serveWithWorker } from '../../../testing/test-server.ts';

// Schemathesis generates valid and malformed requests for every operation of the OpenAPI document and fails on any
// 5xx. Bounded: a fixed number of examples per operation, a fixed seed, a time budget, loopback only. The API runs
// with a worker of its own task queue, so the books it starts are written and no other test's worker is disturbed.
// A first run names random ids; a second, shorter one sends every route that takes an id (books, chapters, images,
// print orders, Elite requests, the shop, the back office) the ids of real rows of a signed-in author, so its cases get
// past the lookup and the ownership check to the work. The two share the time one run had.
const RANDOM_IDS = { examples: 6, seconds: 105 };
const REAL_IDS = { examples: 3, seconds: 45 };
// Signing out or changing the account would end the fuzzer's own session midway.
const KEEP_SESSION = ['--exclude-path-regex', '^/api/auth/(logout|user)$'];

const config = testConfig({ TEMPORAL_TASK_QUEUE: `fuzz-${randomUUID()}`, AUTH_RATE_LIMIT_PER_MINUTE: '10000', LOG_LEVEL: 'fatal' });
const served = serveWithWorker(config);
const reportDir = mkdtempSync(join(tmpdir(), 'pressroom-fuzz-'));
let ids: RealIds | undefined;
afterAll(async () => {
  if (ids) await stopRealIdRuns(served.engine, ids);
  rmSync(reportDir, { recursive: true, force: true });
});

/** A route family: the operations under its prefixes, and the real id each of their path parameters named `names` is sent. */
interface Family {
  name: string;
  prefixes: string[];
  id: string;
  /** The regex schemathesis matches operations' path templates with. */
  paths: string;
  parameters: Record<string, string>;
}

function familiesOf(real: RealIds): Family[] {
  const family = (name: string, prefixes: string[], id: string, names = ['id']): Family => ({
    name,
    prefixes,
    id,
    paths: `^(${prefixes.join('|')})\\{(${names.join('|')})\\}`,
    parameters: Object.fromEntries(names.map((n) => [`path.${n}`, id])),
  });
  return [
    family('project', ['/api/projects/', '/api/projects/orchestration/'], real.project),
    family('saved book', ['/api/book-projects/'], real.book),
    family('shop book', ['/api/shop/books/'], real.shopBook),
    family('print order', ['/api/print/orders/'], real.printOrder, ['id', 'orderId']),
    family("author's print orders", ['/api/print/orders/user/'], real.author.id, ['userId']),
    family('Elite request', ['/api/elite-requests/'], real.eliteRequest),
    family('Elite request (back office)', ['/api/admin/elite-requests/'], real.eliteRequest),
    family('book (back office)', ['/api/admin/books/'], real.builtProject),
    family('print order (back office)', ['/api/admin/print-orders/'], real.printOrder),
    family('user (back office)', ['/api/admin/users/'], real.otherUser),
    family('payment (back office)', ['/api/admin/payments/'], real.payment),
    family('book request (back office)', ['/api/admin/book-requests/'], real.bookRequest),
  ];
}

/**
 * The schemathesis.toml of the real-ids run: each family's ids fixed (one family per operation, since a later
 * [[operations]] entry replaces an earlier one's parameters), the back office called by the admin and the rest by the
 * author. An id's neighbours (chapter, page, file kind, image, version, proof round, step) are drawn half the time
 * from real values, so the fuzzing phase reaches the rows behind them too and still sends strange ones.
 */
function realIdsConfig(real: RealIds, families: Family[]): string {
  const dictionaries: Record<string, string[]> = {
    order: ['1', '2'],
    number: ['1', '2'],
    page: ['1'],
    n: ['1'],
    kind: ['pdf', 'cover-pdf', 'cover-png', 'cover', 'epub', 'docx', 'zip', 'html'],
    versionId: [real.chapterVersion],
    imageId: [real.image],
    round: ['1'],
    step: ['editing', 'cover_design', 'proof', 'printing'],
    file: ['pdf', 'cover'],
  };
  // TOML inline tables; JSON strings are valid TOML strings.
  const table = (entries: [string, string][]) => `{ ${entries.map(([k, v]) => `${JSON.stringify(k)} = ${v}`).join(', ')} }`;
  const drawn = Object.keys(dictionaries).map((name): [string, string] => [`path.${name}`, table([['dictionary', JSON.stringify(name)], ['probability', '0.5']])]);
  const fixed = (values: Record<string, string>) => Object.entries(values).map(([k, v]): [string, string] => [k, JSON.stringify(v)]);
  return [
    `headers = ${table(fixed({ Authorization: `Bearer ${real.author.token}` }))}`,
    ...Object.entries(dictionaries).map(([name, values]) => `[dictionaries.${name}]\nvalues = ${JSON.stringify(values)}`),
    `[[operations]]\ninclude-path-regex = "^/api/admin/"\nheaders = ${table(fixed({ Authorization: `Bearer ${real.admin.token}` }))}`,
    ...families.map((f) => `[[operations]]\ninclude-path-regex = ${JSON.stringify(f.paths)}\nparameters = ${table([...fixed(f.parameters), ...drawn])}`),
  ].join('\n\n');
}

/** 2xx answers per family to its routes naming its real id. */
const answeredPerFamily = (families: Family[], run: FuzzResult) =>
  Object.fromEntries(families.map((f) => [f.name, run.exchanges.filter((e) => e.status >= 200 && e.status < 300 && f.prefixes.some((p) => e.path.startsWith(`${p}${f.id}`))).length]));

describe('the API under a schema-driven fuzzer', () => {
  it('answers no request, valid or malformed, with a 5xx, whether it names random ids or the ids of real rows', async () => {
    // A signed-in admin reaches every operation's validation (a refused token would stop most requests at 401).
    const admin = await apiClient(() => served.url).signUpAs('admin', config.DATABASE_URL);
    const random = await fuzz(served.url, reportDir, 'random-ids', { ...RANDOM_IDS, extra: ['--header', `Authorization: Bearer ${admin}`, ...KEEP_SESSION] });

    ids = await seedRealIds(served, config);
    const families = familiesOf(ids);
    const configFile = join(reportDir, 'real-ids.toml');
    writeFileSync(configFile, realIdsConfig(ids, families));
    const only = ['--include-path-regex', families.map((f) => `(${f.paths})`).join('|')];
    const real = await fuzz(served.url, reportDir, 'real-ids', { ...REAL_IDS, configFile, extra: [...only, ...KEEP_SESSION] });

    const answered = answeredPerFamily(families, real);
    const neighbours = { image: `/images/${ids.image}`, 'chapter version': `/versions/${ids.chapterVersion}` };
    const drawnAnswered = Object.fromEntries(Object.entries(neighbours).map(([name, part]) => [name, real.exchanges.filter((e) => e.status < 300 && e.path.includes(part)).length]));
    console.log(`fuzz: ${random.exchanges.length} requests with random ids, ${real.exchanges.length} with real ones; 2xx per real id: ${JSON.stringify({ ...answered, ...drawnAnswered })}`);
    expect(random.exchanges.length).toBeGreaterThan(500);
    // The admin kept its rights all run (once, it demoted itself a quarter of the way through, and the back office then
    // answered only 403): refusals are the few cases the API refuses on purpose, not the rest of the run.
    const backOffice = random.exchanges.filter((e) => e.path.startsWith('/api/admin/'));
    expect(backOffice.filter((e) => e.status === 403).length).toBeLessThan(backOffice.length / 10);
    expect(serverErrors(random.exchanges), failuresIn(random.output)).toEqual([]);
    expect(serverErrors(real.exchanges), failuresIn(real.output)).toEqual([]);
    expect(random.code, random.output.slice(-4000)).toBe(0);
    expect(real.code, real.output.slice(-4000)).toBe(0);
    // Every real row was reached: at least one request naming it got past the lookup.
    // A family not reached shows what its routes answered instead.
    const unreached = families.filter((f) => answered[f.name] === 0);
    const answers = unreached.flatMap((f) => real.exchanges.filter((e) => f.prefixes.some((p) => e.path.startsWith(`${p}${f.id}`))).map((e) => `${e.method} ${e.path} ${e.status}`));
    expect(unreached.map((f) => f.name), JSON.stringify(answers.slice(0, 40))).toEqual([]);
  }, 600_000);
});
