/** Workflow id = domain key, so starts are idempotent and operators find runs by the ids they see. */
export const canaryWorkflowId = (canaryId: string) => `canary-${canaryId}`;
export const bookWorkflowId = (projectId: string) => `book-${projectId}`;
/** The n-th packaging run of a book (the book's own build is one; each rebuild or new cover another). */
export const packageWorkflowId = (projectId: string, run: number) => `package-${projectId}-${run}`;
/** One AI Writing Assistant change (`assist-<changeId>`): one provider call that proposes a chapter's new text. */
export const assistWorkflowId = (changeId: string) => `assist-${changeId}`;
/** A cover made for fields alone (`POST /api/intelligent/cover`), with no project behind it. */
export const coverWorkflowId = (requestId: string) => `cover-${requestId}`;
/** Fulfils one verified Stripe event: the event id is the key, so a replayed event never runs twice. */
export const paymentWorkflowId = (eventId: string) => `payment-${eventId}`;
/** A book request from its submission until the team completes or cancels it. */
export const bookRequestWorkflowId = (requestId: string) => `book-request-${requestId}`;
/** What a mail is about: the row named by the id decides its recipients and contents. */
export type MailKind = 'purchase-receipt' | 'book-request' | 'elite-details' | 'print-status' | 'elite-event' | 'sale-ebook';
/** The mail a stored row calls for (a book request, Elite project details), sent once. */
export const mailWorkflowId = (kind: MailKind, id: string) => `mail-${kind}-${id}`;
/** The id of a print order's status mail: the order and the status it announces (each status is mailed once). */
export const printStatusMailId = (orderId: string, status: string) => `${orderId}:${status}`;
/** One print order, from preflight through payment and the print provider to shipping (`print-<orderId>`). */
export const printOrderWorkflowId = (orderId: string) => `print-${orderId}`;
/** One Elite Service request, from its receipt through quote, payment, production and printing to delivery (`elite-<requestId>`). */
export const eliteWorkflowId = (requestId: string) => `elite-${requestId}`;
/** The id of an Elite request's event mail: the request and the timeline event it announces (each event is mailed once). */
export const eliteEventMailId = (requestId: string, eventId: string) => `${requestId}:${eventId}`;
/** One sale from the shop (`sale-<saleId>`): waits for its payment, then delivers the e-book or has the copies printed. */
export const saleWorkflowId = (saleId: string) => `sale-${saleId}`;
