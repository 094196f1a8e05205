import { parentPort, workerData } from 'node:worker_threads';
import { documentText, DocumentTooLargeError, type ParseLimits } from './parse.ts';

/** Worker thread: the text of one DOCX or PDF, posted back as { text } or { failure }. */

const { kind, bytes, limits } = workerData as { kind: 'docx' | 'pdf'; bytes: Uint8Array; limits: ParseLimits };

try {
  parentPort?.postMessage({ text: await documentText(kind, bytes, limits) });
} catch (error) {
  parentPort?.postMessage({ failure: error instanceof DocumentTooLargeError ? 'too-large' : 'unreadable' });
}
