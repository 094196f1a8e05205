import { documentText, DocumentTooLargeError, type DocumentText, type ParseLimits } from './parse.ts';

/** A task of the parser pool (extract.ts), run in a worker thread: the text (and metadata title) of one DOCX or PDF, or why there is none. */
export default async function parse({ kind, bytes, limits }: { kind: 'docx' | 'pdf'; bytes: Uint8Array; limits: ParseLimits }): Promise<DocumentText | { failure: 'too-large' | 'unreadable' }> {
  try {
    return await documentText(kind, bytes, limits);
  } catch (error) {
    return { failure: error instanceof DocumentTooLargeError ? 'too-large' : 'unreadable' };
  }
}
