import { executeChild, isCancellation, ParentClosePolicy, patched, proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '../../activities/index.ts';
import { EliteNotes, eliteWorkflowId, innermostMessage, printOrderWorkflowId, type EliteState, type EliteStatus, type ShippingLevel } from '../../libs/domain/index.ts';
import { bookkeepingOptions } from '../activity-options.ts';
import { printOrderWorkflow } from '../print-order/workflow.ts';
import type { eliteTimeline } from './timeline.ts';

type Activities = ReturnType<typeof createActivities>;
const { createElitePrintOrder, elitePrintOutcome } = proxyActivities<Activities>(bookkeepingOptions);

/** The copies start_printing asked for: the order to be made, on which product, shipped how. */
export interface ElitePrintJob {
  orderId: string;
  podPackageId: string;
  shippingLevel: ShippingLevel;
}

/** What the print phase needs of its request's run. `ended` is called once the order's outcome is known, before it is written. */
export interface ElitePrintRun {
  requestId: string;
  state: EliteState;
  timeline: ReturnType<typeof eliteTimeline>;
  setStatus(status: EliteStatus): void;
  ended(): void;
}

/** The approved copies: the print order is made, its child run prints and ships them, its outcome comes back here. */
export async function printEliteCopies({ requestId, state, timeline, setStatus, ended }: ElitePrintRun, order: ElitePrintJob): Promise<void> {
  const { serially, event, write, meet } = timeline;
  const { orderId } = order;
  await serially(() => createElitePrintOrder(requestId, { ...order, at: new Date().toISOString() }));
  let failure: string | null = null;
  try {
    await executeChild(printOrderWorkflow, {
      workflowId: printOrderWorkflowId(orderId),
      args: [{ orderId, prepaidBy: eliteWorkflowId(requestId) }],
      // The order is the author's whatever becomes of this run.
      parentClosePolicy: ParentClosePolicy.ABANDON,
    });
  } catch (error) {
    if (isCancellation(error)) throw error;
    failure = innermostMessage(error);
  }
  const { shippingAddress, ...outcome } = await elitePrintOutcome(orderId);
  // The order's run took the corrections made while it printed: the request's later projections carry them too
  // (runs from before this kept the address the proof was approved with).
  if (shippingAddress && patched('elite-address-from-print-order')) state.shippingAddress = shippingAddress;
  ended();
  const tracking = [outcome.trackingId, outcome.carrierName].filter(Boolean).join(', ');
  // Shipped is not delivered: the request waits for the carrier's word or the author's (runs from before said delivered).
  if (failure === null && outcome.orderStatus === 'shipped' && patched('elite-shipped-until-received')) {
    state.shippedAt = new Date().toISOString();
    state.step = null;
    state.stepStarted = false;
    setStatus('shipped');
    const shipped = event('shipped', { step: 'printing', note: tracking ? `Tracking ${tracking}` : null, data: { orderId, ...outcome } });
    return write(shipped, ...meet('books'));
  }
  if (failure === null && (outcome.orderStatus === 'shipped' || outcome.orderStatus === 'delivered')) {
    state.deliveredAt = new Date().toISOString();
    setStatus('delivered');
    const delivered = event('delivered', { step: 'printing', note: tracking ? `Tracking ${tracking}` : null, data: { orderId, ...outcome } });
    return write(delivered, ...meet('books'));
  }
  // The team may start printing again (another order).
  state.stepStarted = false;
  setStatus('in_production');
  await write(event('print_status', { step: 'printing', note: failure ?? outcome.errorMessage ?? EliteNotes.printEnded(outcome.orderStatus), data: { orderId, orderStatus: outcome.orderStatus } }));
}
