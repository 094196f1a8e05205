import { buffer } from 'node:stream/consumers';
import { ZipFile } from 'yazl';

export interface ZipEntry {
  path: string;
  data: string | Uint8Array;
  /** Kept as it is: data compressed already (images), or an entry a format requires stored (an EPUB's mimetype). */
  stored?: boolean;
}

/**
 * Entries → a zip, in the order given, each deflated at `level` (zlib's) unless stored, and dated `mtime`. yazl
 * deflates with Node's zlib, off the event loop and several entries at once, and writes each entry's sizes in its
 * local header; the headers carry no extra field (DOS dates), as an EPUB's mimetype entry must not.
 */
export async function zipEntries(entries: readonly ZipEntry[], { level, mtime }: { level: number; mtime: Date }): Promise<Buffer> {
  const zip = new ZipFile();
  for (const { path, data, stored } of entries) {
    const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    zip.addBuffer(bytes, path, { mtime, compressionLevel: stored ? 0 : level, forceDosTimestamp: true });
  }
  zip.end();
  return buffer(zip.outputStream);
}
