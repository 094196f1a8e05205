import { BadRequestException, type CallHandler, type ExecutionContext, type HttpException, Injectable, mixin, type NestInterceptor, type Type } from '@nestjs/common';
import busboy from 'busboy';
import type { Request } from 'express';
import { from, type Observable, switchMap } from 'rxjs';
import type { UploadedFile } from '../../../../libs/sources/ingest.ts';

/**
 * Multipart uploads read as a stream with the limits checked as the bytes arrive: the count of files and their
 * running total. Past a limit nothing more is kept and the answer goes out at once; what the client still sends is
 * read and dropped up to LINGER_BYTES (so that it gets to read the answer), then the connection is closed.
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
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 64 * 1024;
const malformed = () => new BadRequestException('File validation failed: the multipart body is malformed');

function dropTheRest(req: Request): void {
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    // A body that ended with this chunk leaves the connection fit for the client's next request.
    if (dropped > LINGER_BYTES) setImmediate(() => req.complete || req.socket.destroy());
  });
  req.resume();
}

// Browsers escape LF, CR and " in a multipart file name (WHATWG HTML); as multer did, those three are restored.
const decodeFormDataName = (name: string) => name.replace(/%0A|%0D|%22/gi, (m) => ({ '%0A': '\n', '%0D': '\r' })[m.toUpperCase()] ?? '"');

function readFiles(req: Request, limits: StreamedFilesLimits): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
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
      dropTheRest(req);
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
      return from(readFiles(req, limits)).pipe(
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
