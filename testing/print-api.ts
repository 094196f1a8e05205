import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_POD_PACKAGE_ID, PRINT_PRODUCTS, printOrderWorkflowId, type ShippingAddress, type TrimSizeId } from '../libs/domain/index.ts';
import { LULU_SIGNATURE_HEADER, LULU_STATUS_TOPIC, signLuluWebhook } from '../libs/print/index.ts';
import { freePort, testConfig } from './index.ts';
import { printReadyFiles } from './print-files.ts';
import { PrintSimulator } from './print-simulator/simulator.ts';
import { insertSavedBook } from './saved-books.ts';
import { apiClient, serveWithWorker, type Json } from './test-server.ts';

export const ADDRESS: ShippingAddress = { name: 'Ada Writer', address_line1: '1 Main Street', city: 'Springfield', state: 'IL', postcode: '62701', country: 'US', phone: '+1 (217) 555-0100' };
export const PAGES = 40;
export const standard = PRINT_PRODUCTS[0] as (typeof PRINT_PRODUCTS)[number];
export const largeFormat = PRINT_PRODUCTS[2] as (typeof PRINT_PRODUCTS)[number];

export const quote = (overrides: Record<string, unknown> = {}) => ({ pod_package_id: DEFAULT_POD_PACKAGE_ID, quantity: 10, page_count: PAGES, shipping_address: ADDRESS, shipping_level: 'MAIL', ...overrides });
export const orderBody = (bookId: string, overrides: Record<string, unknown> = {}) => ({ ...quote(), book_project_id: bookId, contact_email: 'ada@example.com', ...overrides });
export const withAddress = (changes: Partial<Record<keyof ShippingAddress, string | undefined>>) => quote({ shipping_address: { ...ADDRESS, ...changes } });
export const money = (value: number) => Math.round(value * 100) / 100;
export const jobPayload = (id: number, externalId: string, status = 'IN_PRODUCTION') => ({ topic: LULU_STATUS_TOPIC, data: { id, external_id: externalId, status: { name: status, message: '', changed: new Date().toISOString() }, line_items: [] } });

/** A PDF's bytes in a file of their own, for poppler. */
export const tempPdf = async (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'print-')), 'file.pdf');
  writeFileSync(file, pdf);
  return file;
};

/**
 * The print API's test stack, for a test file of its own: a Lulu simulator (its jobs move only when told), and an API
 * with a worker on a task queue of its own, so the orders placed in the file run there, against this simulator.
 */
export async function printApiStack() {
  const simulatorPort = await freePort();
  const simulator = new PrintSimulator({ port: simulatorPort, clientKey: 'print-api-test', clientSecret: `secret-${randomUUID()}`, stepMs: 'manual' });
  const config = testConfig({
    TEMPORAL_TASK_QUEUE: `print-api-${randomUUID()}`,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    LULU_API_URL: `http://127.0.0.1:${simulatorPort}`,
    LULU_CLIENT_KEY: simulator.clientKey,
    LULU_CLIENT_SECRET: simulator.clientSecret,
  });
  beforeAll(() => simulator.start());
  afterAll(() => simulator.stop());
  const served = serveWithWorker(config);
  // The orders placed here wait for payments no one makes: their runs end with the file (hooks after run in reverse).
  afterAll(async () => {
    const runs = served.engine.client.workflow.list({ query: `TaskQueue = '${config.TEMPORAL_TASK_QUEUE}' AND ExecutionStatus = 'Running'` });
    for await (const run of runs) await served.engine.client.workflow.getHandle(run.workflowId, run.runId).terminate('the test file ended').catch(() => undefined);
  });

  /** A saved book of `userId` with these files in storage, as saving a generated book leaves it. */
  const savedBook = (
    userId: string,
    files: { interior?: Buffer; cover?: Buffer } = printReadyFiles(DEFAULT_POD_PACKAGE_ID, PAGES),
    { pages = PAGES, generationStatus = 'completed', trimSize }: { pages?: number; generationStatus?: string; trimSize?: TrimSizeId } = {},
  ) => insertSavedBook(served.engine.deps, userId, { files, pages, generationStatus, ...(trimSize ? { trimSize } : {}) });

  /** The names of the signals a run received, in order. */
  async function signalsOf(orderId: string): Promise<{ name: string; input: unknown }[]> {
    const history = await served.engine.client.workflow.getHandle(printOrderWorkflowId(orderId)).fetchHistory();
    const { defaultPayloadConverter } = await import('@temporalio/common');
    return (history.events ?? [])
      .map((e) => e.workflowExecutionSignaledEventAttributes)
      .filter((a): a is NonNullable<typeof a> => Boolean(a))
      .map((a) => ({ name: a.signalName ?? '', input: a.input?.payloads?.[0] ? defaultPayloadConverter.fromPayload(a.input.payloads[0]) : undefined }));
  }

  async function postWebhook(url: string, body: unknown, signature?: string | null, secret = simulator.clientSecret): Promise<{ status: number; body: Json }> {
    const raw = JSON.stringify(body);
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (signature !== null) headers[LULU_SIGNATURE_HEADER] = signature ?? signLuluWebhook(raw, secret);
    const response = await fetch(`${url}/api/print/webhooks/lulu`, { method: 'POST', headers, body: raw });
    return { status: response.status, body: (await response.json()) as Json };
  }

  return {
    simulator,
    config,
    served,
    ...apiClient(() => served.url),
    /** An API whose print provider is down (nothing listens on its address): the mock answers, marked so. */
    providerDown: { ...config, LULU_API_URL: `http://127.0.0.1:${await freePort()}` },
    em: () => served.engine.deps.orm.em.fork(),
    storage: () => served.engine.deps.storage,
    savedBook,
    signalsOf,
    postWebhook,
  };
}
