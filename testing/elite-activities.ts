import { randomUUID } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/activity';
import { afterAll, beforeAll, expect } from 'vitest';
import type { EliteRequestData } from '../libs/contracts/index.ts';
import {
  BookProject,
  EliteRequest,
  EliteRevision,
  GeneratedChapter,
  GeneratorProject,
  User,
} from '../libs/db/index.ts';
import {
  DEFAULT_POD_PACKAGE_ID,
  eliteFileKey,
  type EliteEventKind,
  type EliteEventRecord,
} from '../libs/domain/index.ts';
import { openDeps, testConfig } from './index.ts';
import { printReadyFiles } from './print-files.ts';
import { newAuthor, TEST_ADDRESS } from './print-orders.ts';
import type { EliteState } from '../workflows/elite/messages.ts';
import { createActivities } from '../activities/index.ts';

// The Elite workflow's activities on their own, against the test stack's PostgreSQL, MinIO, stripe-mock, Lulu simulator
// and mail catcher: the fixtures their test files share. Each test file has its own copy of this module, so its own
// support address, and its mail is told apart in the shared inbox.
export const config = testConfig({ SUPPORT_EMAIL: `elite-support-${randomUUID()}@example.com` });
export let deps: Awaited<ReturnType<typeof openDeps>>;
export let act: ReturnType<typeof createActivities>;

/** Opens the stack's clients before the file's tests and closes them after. */
export function openEliteActivities(): void {
  beforeAll(async () => {
    deps = await openDeps(config);
    act = createActivities(deps);
  });
  afterAll(() => deps.close());
}
export const em = () => deps.orm.em.fork();

export const PAGES = 40;

/** A completed book of the author's, as a saved one-shot book leaves it: two chapters, its PDF and cover in storage. */
export async function insertBook(userId: string, title = 'The Tested Book'): Promise<{ bookId: string; projectId: string }> {
  const files = printReadyFiles(DEFAULT_POD_PACKAGE_ID, PAGES);
  const projectId = randomUUID();
  const keys = { pdfKey: `${userId}/${projectId}/book.pdf`, coverPdfKey: `${userId}/${projectId}/cover.pdf` };
  await deps.storage.put(keys.pdfKey, files.interior, 'application/pdf');
  await deps.storage.put(keys.coverPdfKey, files.cover, 'application/pdf');
  const m = em();
  const user = m.getReference(User, userId);
  const project = m.create(GeneratorProject, {
    id: projectId,
    user,
    name: 'the-tested-book',
    title,
    author: 'Ada Writer',
    topic: 'Testing books by hand',
    writingStyle: 'practical',
    totalTargetWords: 10_000,
    provider: 'mock',
    mode: 'auto',
    stage: 'complete',
    pageCount: PAGES,
    packageRuns: 2,
    ...keys,
  });
  for (const number of [1, 2]) m.create(GeneratedChapter, { id: randomUUID(), project, number, title: `Old chapter ${number}`, content: `Old words of chapter ${number}.`, wordCount: 5, generatedAt: new Date() });
  const book = m.create(BookProject, {
    id: randomUUID(),
    user,
    generatorProject: project,
    title,
    author: 'Ada Writer',
    bookIdea: 'Testing books by hand',
    topic: 'Testing books by hand',
    pageCount: PAGES,
    writingStyle: 'practical',
    source: 'one-shot',
  });
  await m.flush();
  return { bookId: book.id, projectId };
}

export const requestData = (author: { id: string; email: string }, title: string | null): EliteRequestData => ({
  book_id: null,
  book_title: title,
  book_author: title ? 'Ada Writer' : null,
  book_idea: title ? 'Testing books by hand' : null,
  book_created: title ? '2026-11-01T10:00:00.000Z' : null,
  pdf_available: Boolean(title),
  cover_available: Boolean(title),
  user_name: 'Ada Writer',
  user_email: author.email,
  user_phone: '+1 217 555 0100',
  contact_method: 'email',
  preferred_timeline: '2-weeks',
  print_quantity: '10-25',
  budget_range: '500-1000',
  additional_requirements: 'Bigger margins, please',
  request_date: '2026-11-22T10:00:00.000Z',
  dashboard_url: 'http://localhost:4273/dashboard',
  book_pdf_url: title ? 'http://localhost:4273/api/book-projects/x/pdf' : null,
  book_cover_url: title ? 'http://localhost:4273/api/book-projects/x/cover' : null,
});

export interface TestRequest {
  requestId: string;
  author: { id: string; email: string };
  bookId: string | null;
  projectId: string | null;
  topic: string;
}

/** A request as the API leaves it: on a completed book, or (prepaid) paid up front without one. */
export async function insertRequest({ prepaid = false, copies = null as number | null, shipping = false } = {}): Promise<TestRequest> {
  const author = await newAuthor(deps.orm);
  const topic = `Elite ${randomUUID().slice(0, 8)}`;
  const book = prepaid ? null : await insertBook(author.id, topic);
  const requestId = randomUUID();
  const m = em();
  m.create(EliteRequest, {
    id: requestId,
    user: m.getReference(User, author.id),
    bookProject: book ? m.getReference(BookProject, book.bookId) : null,
    prepaid,
    topic,
    contactMethod: 'email',
    preferredTimeline: '2-weeks',
    printQuantity: prepaid ? null : '10-25',
    budgetRange: prepaid ? null : '500-1000',
    additionalRequirements: 'Bigger margins, please',
    userName: 'Ada Writer',
    userEmail: author.email,
    userPhone: '+1 217 555 0100',
    requestData: { ...requestData(author, prepaid ? null : topic), book_id: book?.bookId ?? null },
    status: prepaid ? 'in_production' : 'received',
    step: prepaid ? 'editing' : null,
    copies,
    shippingAddress: shipping ? TEST_ADDRESS : null,
  });
  await m.flush();
  return { requestId, author, bookId: book?.bookId ?? null, projectId: book?.projectId ?? null, topic };
}

export const state = (overrides: Partial<EliteState> = {}): EliteState => ({
  status: 'received',
  step: null,
  stepStarted: false,
  proof: null,
  proofRound: 0,
  bookReady: true,
  assignee: null,
  quote: null,
  firstQuotedAt: null,
  payBy: null,
  paidWith: null,
  paidAt: null,
  copies: null,
  shippingAddress: null,
  printOrderId: null,
  productionStartedAt: null,
  deliveredAt: null,
  completedAt: null,
  cancelReason: null,
  promises: [{ name: 'quote', dueAt: '2026-11-23T10:00:00.000Z', metAt: null, remindedAt: null, breachedAt: null }],
  announced: false,
  ...overrides,
});

export const event = (kind: EliteEventKind, overrides: Partial<EliteEventRecord> = {}): EliteEventRecord => ({ id: randomUUID(), at: new Date().toISOString(), kind, by: null, ...overrides });

export const quoteRecord = (overrides: Partial<Parameters<typeof act.saveEliteQuote>[1]> = {}) => ({
  id: randomUUID(),
  amountCents: 125_000,
  currency: 'usd',
  copies: 12,
  timeline: 'Three weeks',
  includes: ['Editing', 'Cover design'],
  message: 'Here is our offer.',
  sentBy: 'team@example.com',
  sentAt: new Date().toISOString(),
  validUntil: new Date(Date.now() + 14 * 86_400_000).toISOString(),
  ...overrides,
});

/** A revised manuscript uploaded as the API stores it: the file in MinIO and its elite_revisions row. */
export async function upload(request: TestRequest, text: string): Promise<string> {
  const revisionId = randomUUID();
  const key = eliteFileKey({ id: request.requestId, userId: request.author.id }, `revisions/${revisionId}/manuscript.md`);
  await deps.storage.put(key, Buffer.from(text), 'text/markdown');
  const m = em();
  m.create(EliteRevision, { id: revisionId, request: m.getReference(EliteRequest, request.requestId), manuscriptKey: key, filename: 'manuscript.md', by: 'team@example.com', at: new Date() });
  await m.flush();
  return revisionId;
}

export const MANUSCRIPT = ['---', 'draft: 3', '---', '', '# A New Beginning', '', 'Fresh words open the book.', '', '# The Middle Part', 'More fresh words.', '', '# The End', 'Done.'].join('\n');

/** The failure an activity threw, for its type and whether Temporal would retry it. */
export async function failureOf(promise: Promise<unknown>): Promise<ApplicationFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApplicationFailure);
  return error as ApplicationFailure;
}
