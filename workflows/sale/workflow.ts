import { msToNumber } from '@temporalio/common/lib/time.js';
import { ActivityFailure, condition, executeChild, isCancellation, log, ParentClosePolicy, proxyActivities, setHandler, uuid4 } from '@temporalio/workflow';
import type { createActivities } from '../../activities/index.ts';
import { innermostMessage, printOrderWorkflowId, SALE_PAYMENT_WINDOW_MS } from '../../libs/domain/index.ts';
import { bookkeepingOptions, mailOptions, renderingOptions } from '../activity-options.ts';
import { printOrderWorkflow } from '../print-order/workflow.ts';
import { salePaidSignal, type SaleInput, type SaleOutcome } from './messages.ts';

type Activities = ReturnType<typeof createActivities>;
const { expireSale, recordSalePaid, markSaleDelivered, createSalePrintOrder, recordSalePrintOutcome, cancelSale } = proxyActivities<Activities>(bookkeepingOptions);
const { drawSaleCover } = proxyActivities<Activities>(renderingOptions);
const { sendMail } = proxyActivities<Activities>(mailOptions);

/**
 * One sale from the shop (`sale-<saleId>`), started by the API once the sale row, its files and its Checkout Session
 * exist: a print sale first draws its press cover from the book as it is now → the payment (the payment workflow's
 * signal; expired when unpaid in time) → the e-book's links mailed (delivered), or the copies' print order, prepaid by
 * the sale, run as a child until it ships. Every step is idempotent: a repeated signal or a retried activity delivers
 * nothing twice.
 */
export async function saleWorkflow(input: SaleInput): Promise<SaleOutcome> {
  const { saleId } = input;
  let paidWith = null as string | null;
  setHandler(salePaidSignal, ({ sessionId }) => {
    paidWith ??= sessionId;
  });

  if (input.edition === 'print') {
    try {
      await drawSaleCover(saleId);
    } catch (error) {
      if (isCancellation(error) || !(error instanceof ActivityFailure)) throw error;
      log.error('sale cover not drawn', { saleId, error: innermostMessage(error) });
      await cancelSale(saleId);
      return { status: 'cancelled' };
    }
  }

  const paid = await condition(() => paidWith !== null, msToNumber(input.paymentWindow ?? SALE_PAYMENT_WINDOW_MS));
  if (!paid) {
    await expireSale(saleId);
    return { status: 'expired' };
  }
  await recordSalePaid(saleId, paidWith ?? '');

  if (input.edition === 'ebook') {
    try {
      await sendMail('sale-ebook', saleId);
    } catch (error) {
      // An address SMTP refuses for good: the sale stays paid, its links a resend or the buyer's library away.
      if (isCancellation(error)) throw error;
      log.error('e-book links not mailed', { saleId, error: innermostMessage(error) });
      return { status: 'paid' };
    }
    await markSaleDelivered(saleId);
    return { status: 'delivered' };
  }

  const orderId = uuid4();
  const placed = await createSalePrintOrder(saleId, { orderId, at: new Date().toISOString() });
  const outcome = await executeChild(printOrderWorkflow, {
    workflowId: printOrderWorkflowId(placed.orderId),
    args: [{ orderId: placed.orderId, prepaidBy: `sale ${saleId}` }],
    parentClosePolicy: ParentClosePolicy.ABANDON,
  });
  return { status: await recordSalePrintOutcome(saleId, outcome.status) };
}
