// Print orders set up as the API leaves them (a 'draft' row with its price and its own copies of the files), for
// tests that drive the order's workflow themselves with short durations.
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../libs/config/index.ts';
import { createAccount, PrintOrder, User } from '../libs/db/index.ts';
import { DEFAULT_POD_PACKAGE_ID, externalIdAt, printOrderFileKey, printOrderWorkflowId, type PrintOrderStatus, type ShippingAddress } from '../libs/domain/index.ts';
import { createPrintProvider } from '../libs/print/index.ts';
import type { StorageService } from '../libs/storage/index.ts';
import type { PrintOrderInput } from '../workflows/print-order/messages.ts';
import { printOrderWorkflow } from '../workflows/print-order/workflow.ts';
import { eventually, startEngine, testConfig, type Engine } from './index.ts';
import { printReadyFiles } from './print-files.ts';
import { PrintSimulator } from './print-simulator/simulator.ts';

export const TEST_ADDRESS: ShippingAddress = {
  name: 'Ada Writer',
  address_line1: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  postcode: '62701',
  country: 'US',
  phone: '+1 217 555 0100',
};

/** An author made straight in the database (no sign-up mail); their id and e-mail. */
export async function newAuthor(orm: MikroORM, fullName = 'Ada Writer'): Promise<{ id: string; email: string }> {
  const em = orm.em.fork();
  const email = `print-${randomUUID()}@example.com`;
  const { user } = await createAccount(em, { email, provider: 'email', emailVerified: true, fullName });
  await em.flush();
  return { id: user.id, email };
}

export interface TestPrintOrder {
  userId: string;
  contactEmail: string;
  title?: string;
  quantity?: number;
  pages?: number;
  address?: ShippingAddress;
  /** The files' bytes, when not the print-ready ones for `pages`. */
  files?: { interior: Buffer; cover: Buffer };
}

/** Inserts a draft order of 10 copies (by default) with print-ready files in storage; returns its id. */
export async function insertPrintOrder(deps: { orm: MikroORM; storage: StorageService }, order: TestPrintOrder): Promise<string> {
  const id = randomUUID();
  const pages = order.pages ?? 40;
  const files = order.files ?? printReadyFiles(DEFAULT_POD_PACKAGE_ID, pages);
  const keys = { interiorKey: printOrderFileKey({ id, userId: order.userId }, 'interior.pdf'), coverKey: printOrderFileKey({ id, userId: order.userId }, 'cover.pdf') };
  await deps.storage.put(keys.interiorKey, files.interior, 'application/pdf');
  await deps.storage.put(keys.coverKey, files.cover, 'application/pdf');
  const quantity = order.quantity ?? 10;
  const em = deps.orm.em.fork();
  const now = new Date();
  em.create(PrintOrder, {
    id,
    user: em.getReference(User, order.userId),
    bookProject: null,
    bookTitle: order.title ?? 'The Tested Book',
    bookAuthor: 'Ada Writer',
    podPackageId: DEFAULT_POD_PACKAGE_ID,
    quantity,
    pageCount: pages,
    shippingAddress: order.address ?? TEST_ADDRESS,
    shippingLevel: 'MAIL',
    contactEmail: order.contactEmail,
    externalId: `${externalIdAt(now)}-${id.slice(0, 8)}`,
    unitCost: 4,
    printingCost: 4 * quantity,
    shippingCost: 3.99,
    tax: null,
    totalCost: 4 * quantity + 3.99,
    currency: 'USD',
    costSource: 'mock',
    orderStatus: 'draft',
    trackingUrls: [],
    ...keys,
    history: [{ at: now.toISOString(), order_status: 'draft', lulu_status: null, note: 'Order placed' }],
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
  return id;
}

/**
 * A test file's own print stack: a Lulu simulator (jobs move only when told), a task queue and a worker using it. A
 * file that also serves the API starts it in a later beforeAll with `config`.
 */
export interface PrintStack {
  readonly sim: PrintSimulator;
  readonly config: Config;
  readonly engine: Engine;
}

export function printStackForFile(name: string, overrides: Partial<Record<keyof Config, string>> = {}): PrintStack {
  const sim = new PrintSimulator({ stepMs: 'manual' });
  let config: Config | undefined;
  let engine: Engine | undefined;
  beforeAll(async () => {
    await sim.start();
    config = testConfig({ TEMPORAL_TASK_QUEUE: `${name}-${randomUUID()}`, ...sim.env(), ...overrides });
    const settings = config;
    // The client's own retries are off: retrying is the workflow's (Temporal's) job.
    engine = await startEngine(settings, (deps) => {
      deps.printProvider = createPrintProvider(settings, { lulu: { retries: 0, timeoutMs: 2_000 } });
    });
  });
  afterAll(async () => {
    await engine?.stop();
    await sim.stop();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the print stack starts in beforeAll');
    return value;
  };
  return {
    sim,
    get config() {
      return ready(config);
    },
    get engine() {
      return ready(engine);
    },
  };
}

/** Starts the order's workflow as the API does, with a test's short durations (a minute to pay, polls every 100-300 ms by default). */
export function startPrintOrder(stack: PrintStack, orderId: string, timing: Omit<PrintOrderInput, 'orderId'> = {}, taskQueue = stack.config.TEMPORAL_TASK_QUEUE) {
  return stack.engine.client.workflow.start(printOrderWorkflow, {
    workflowId: printOrderWorkflowId(orderId),
    taskQueue,
    args: [{ orderId, paymentWindow: '1 minute', pollEvery: '100 ms', pollAtMost: '300 ms', ...timing }],
  });
}

/** The statuses an order went through, in order, without repeats. */
export const statusPath = (order: PrintOrder) => order.history.map((e) => e.order_status).filter((s, i, all) => s !== all[i - 1]);

/** Waits for the order to reach `status`; fails (showing its timeline) when it does not in time. */
export async function orderReaching(orm: MikroORM, orderId: string, status: PrintOrderStatus, timeoutMs = 30_000): Promise<PrintOrder> {
  const order = await eventually(() => orm.em.fork().findOneOrFail(PrintOrder, { id: orderId }), (o) => o.orderStatus === status, timeoutMs);
  if (order.orderStatus !== status) throw new Error(`order ${orderId} is ${order.orderStatus}, not ${status}: ${JSON.stringify(order.history)}`);
  return order;
}
