/** Object keys in the private bucket, one home for each layout. */
export const canaryObjectKey = (canaryId: string) => `health/canary-${canaryId}.txt`;

/** Every file of a project lives under `{userId or anonymous}/{projectId}/`, so one prefix removes them all. */
export const projectFilePrefix = (project: { id: string; user?: { id: string } | null }) => `${project.user?.id ?? 'anonymous'}/${project.id}/`;

/** `{userId or anonymous}/{projectId}/{timestamp}_{name}`: a rebuild never overwrites the file a reader is fetching. */
export const projectFileKey = (project: { id: string; user?: { id: string } | null }, name: string, at = new Date()) =>
  `${projectFilePrefix(project)}${at.toISOString().replace(/[:.]/g, '-')}_${name}`;

/** The cover a product would be printed with, drawn for the files check (`POST /api/print/validate`): one per product, redrawn each check. */
export const pressCoverKey = (project: { id: string; user?: { id: string } | null }, podPackageId: string) => `${projectFilePrefix(project)}press/${podPackageId}-cover.pdf`;

/** A cover made for fields alone (no project), kept only while the request that asked for it is served. */
export const standaloneCoverKey = (requestId: string, name: string) => `anonymous/covers/${requestId}/${name}`;

/** The files of a print order (`interior.pdf`, `cover.pdf`), copied at order time: the order outlives its book and a new cover. */
export const printOrderFileKey = (order: { id: string; userId: string }, name: string) => `${order.userId}/print-orders/${order.id}/${name}`;

/** An Elite request's own files: revised manuscripts the team uploads, and each proof round's PDFs as the author saw them. */
export const eliteFileKey = (request: { id: string; userId: string }, name: string) => `${request.userId}/elite-requests/${request.id}/${name}`;

/** An image the author put in the book: with the project's files, so removing the project removes it. */
export const bookImageKey = (project: { id: string; user?: { id: string } | null }, image: { id: string; extension: string }) =>
  `${projectFilePrefix(project)}images/${image.id}.${image.extension}`;

/** A sale's own copies of the files it was sold with (`book.epub`, `book.pdf`, `interior.pdf`, `cover.pdf`): a rebuild or a deleted book never changes them. */
export const saleFileKey = (saleId: string, name: string) => `sales/${saleId}/${name}`;
