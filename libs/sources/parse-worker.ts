import { documentText, DocumentTooLargeError, type ParseLimits } from './parse.ts';

/** A task of the parser pool (extract.ts), run in a worker thread: the text of one DOCX or PDF, or why there is none. */
export default async function parse({ kind, bytes, limits }: { kind: 'docx' | 'pdf'; bytes: Uint8Array; limits: ParseLimits }): Promise<{ text: string } | { failure: 'too-large' | 'unreadable' }> {
  try {
    return { text: await documentText(kind, bytes, limits) };
  } catch (error) {
    return { failure: error instanceof DocumentTooLargeError ? 'too-large' : 'unreadable' };
  }
}
