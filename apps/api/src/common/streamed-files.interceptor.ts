import { BadRequestException, type CallHandler, PayloadTooLargeException, type ExecutionContext, type HttpException, Injectable, mixin, type NestInterceptor, type Type } from '@nestjs/common';
import busboy from 'busboy';
import type { Request, Response } from 'express';
import { from, type Observable, switchMap } from 'rxjs';
import type { UploadedFile } from '../../../../libs/sources/ingest.ts';

/**
 * Multipart uploads read as a stream with the limits checked as the bytes arrive: the count of files and their
 * running total. Past a limit nothing more is kept and the answer goes out at once; what the client still sends is
 * read and dropped up to LINGER_BYTES, then the connection is closed gracefully (see dropTheRest).
 * Sets `req.files` (an array) and, for a multipart request, `req.body` to its text fields.
 */
export interface StreamedFilesLimits {
  field: string;
  maxFiles: number;
  maxTotalBytes: number;
  tooMany: () => HttpException;
  tooLarge: () => HttpException;
}

const LINGER_BYTES = 2 * 1024 * 1024;
/** How long a refused client that is still sending has, once answered, to close its side before it is cut off. */
const LINGER_MS = 10_000;
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 64 * 1024;
const malformed = () => new BadRequestException('File validation failed: the multipart body is malformed');

/**
 * A refused client may still be sending, and closing a connection with unread bytes resets it: a client that has not
 * yet read the answer then loses it (ECONNRESET). So the connection outlives the answer (Node would close it at once
 * for a client that asked for `Connection: close`), a short remainder is dropped so that a body ending soon leaves
 * it usable, and past that reading stops and our side is closed after the answer: the client reads the answer and
 * the end, and closes. One that does not is cut off after LINGER_MS.
 */
function dropTheRest(req: Request, res: Response): void {
  res.shouldKeepAlive = true;
  let dropped = 0;
  let stopping = false;
  const drop = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped <= LINGER_BYTES || stopping) return;
    stopping = true;
    // A body that ended with this chunk leaves the connection fit for the client's next request.
    setImmediate(() => {
      if (req.complete) return;
      req.off('data', drop);
      req.pause();
      closeAfterAnswer(req, res);
    });
  };
  req.on('data', drop);
  req.resume();
}

function closeAfterAnswer(req: Request, res: Response): void {
  const { socket } = req;
  const close = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  if (res.writableFinished) close();
  else res.once('finish', close);
}

// Browsers escape LF, CR and " in a multipart file name (WHATWG HTML); as multer did, those three are restored.
const decodeFormDataName = (name: string) => name.replace(/%0A|%0D|%22/gi, (m) => ({ '%0A': '\n', '%0D': '\r' })[m.toUpperCase()] ?? '"');

function readFiles(req: Request, res: Response, limits: StreamedFilesLimits): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { files: limits.maxFiles, fileSize: limits.maxTotalBytes + 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: limits.maxFiles + MAX_FIELDS, headerPairs: 100 },
      });
    } catch {
      reject(malformed());
      return;
    }
    const files: UploadedFile[] = [];
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    let total = 0;
    let settled = false;
    const fail = (error: HttpException) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      parser.removeAllListeners();
      parser.on('error', () => undefined);
      dropTheRest(req, res);
      reject(error);
    };

    parser.on('file', (name, stream, { filename }) => {
      if (name !== limits.field) return fail(new BadRequestException(`File validation failed: unexpected file field ${JSON.stringify(name.slice(0, 100))}`));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        total += chunk.length;
        if (total > limits.maxTotalBytes) return fail(limits.tooLarge());
        chunks.push(chunk);
      });
      // A file input left empty sends a part without a name: nothing to keep.
      stream.on('end', () => {
        if (!settled && filename) files.push({ originalname: decodeFormDataName(filename), size, buffer: Buffer.concat(chunks) });
      });
    });
    parser.on('field', (name, value, { nameTruncated, valueTruncated }) => {
      if (nameTruncated || valueTruncated) return fail(new BadRequestException('File validation failed: a form field is too long'));
      fields[name] = value;
    });
    parser.on('filesLimit', () => fail(limits.tooMany()));
    parser.on('fieldsLimit', () => fail(new BadRequestException('File validation failed: too many form fields')));
    parser.on('partsLimit', () => fail(new BadRequestException('File validation failed: too many form fields')));
    parser.on('error', () => fail(malformed()));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      resolve({ files, fields });
    });
    req.on('close', () => {
      if (!req.complete) fail(malformed());
    });
    req.pipe(parser);
  });
}

export function StreamedFilesInterceptor(limits: StreamedFilesLimits): Type<NestInterceptor> {
  @Injectable()
  class Interceptor implements NestInterceptor {
    intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
      const http = context.switchToHttp();
      const req = http.getRequest<Request & { files?: UploadedFile[] }>();
      if (!req.is('multipart/form-data')) return next.handle();
      return from(readFiles(req, http.getResponse<Response>(), limits)).pipe(
        switchMap(({ files, fields }) => {
          req.files = files;
          req.body = fields;
          return next.handle();
        }),
      );
    }
  }
  return mixin(Interceptor);
}

/** One file in `field`, at most `maxBytes`: the refusals say so in the caller's words (an image, a cover). */
export const OneFileInterceptor = (field: string, maxBytes: number, words: { tooMany: string; tooLarge: string }) =>
  StreamedFilesInterceptor({ field, maxFiles: 1, maxTotalBytes: maxBytes, tooMany: () => new BadRequestException(words.tooMany), tooLarge: () => new PayloadTooLargeException(words.tooLarge) });
