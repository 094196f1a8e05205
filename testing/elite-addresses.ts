// The Elite address tests' common setup (the workflow's and the API's): a request brought to its first proof, and the
// addresses its copies are sent to and corrected to.
import { PrintOrder } from '../libs/db/index.ts';
import { DEFAULT_POD_PACKAGE_ID, type EliteActor, type ShippingAddress } from '../libs/domain/index.ts';
import { act, insertEliteRequest, newEliteActor, quoteAndPay, startEliteRequest, type EliteHandle } from './elite-requests.ts';
import { eventually } from './index.ts';
import type { PrintStack } from './print-orders.ts';
import { insertSavedBook } from './saved-books.ts';

/** A deliverable US address other than TEST_ADDRESS: what a correction changes the copies' destination to. */
export const PORTLAND: ShippingAddress = { name: 'Ada Writer', address_line1: '1 Congress Street', city: 'Portland', state: 'ME', postcode: '04101', country: 'US', phone: '(207) 555-0134' };

/** `author`'s request for a saved book of theirs, quoted, paid, edited and designed, its first proof waiting for the author. */
export async function eliteRequestAtProof(stack: Pick<PrintStack, 'engine' | 'config'>, author: EliteActor): Promise<{ requestId: string; handle: EliteHandle; team: EliteActor }> {
  const orm = stack.engine.deps.orm;
  const team = await newEliteActor(orm, 'team');
  const requestId = await insertEliteRequest(orm, author, { bookProjectId: await insertSavedBook(stack.engine.deps, author.id) });
  const handle = await startEliteRequest(stack, requestId, { prepaid: false, bookReady: true });
  await quoteAndPay(orm, handle, requestId, author, team);
  for (const step of ['editing', 'cover_design'] as const) {
    await act(handle, team, { action: 'start_step', step });
    await act(handle, team, { action: 'finish_step', step });
  }
  await act(handle, team, { action: 'send_proof', note: 'First proof' });
  return { requestId, handle, team };
}

/** The team starts printing an approved request; answers its print order's id once the run has made the order. */
export async function startElitePrinting(stack: Pick<PrintStack, 'engine'>, handle: EliteHandle, team: EliteActor): Promise<string> {
  const printing = await act(handle, team, { action: 'start_printing', podPackageId: DEFAULT_POD_PACKAGE_ID, shippingLevel: 'MAIL' });
  const orderId = printing.printOrderId as string;
  // The run makes the order after the action is recorded.
  await eventually(() => stack.engine.deps.orm.em.fork().findOne(PrintOrder, { id: orderId }), (row) => row !== null);
  return orderId;
}

/**
 * Holds every print order's files check (the real MinIO client the worker shares) until `release`, so that a quick
 * machine cannot send the job to the printer before a test's correction is in. `restore` gives the client back.
 */
export function holdPrintOrderFilesCheck(stack: Pick<PrintStack, 'engine'>): { release: () => void; restore: () => void } {
  const storage = stack.engine.deps.storage;
  const stat = storage.stat.bind(storage);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  storage.stat = async (key) => {
    if (key.includes('/print-orders/')) await held;
    return stat(key);
  };
  return {
    release: () => release(),
    restore: () => {
      release();
      storage.stat = stat;
    },
  };
}
