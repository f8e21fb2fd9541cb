/**
 * The one way a route reads a multipart/form-data body (busboy). A body that breaks off (inside a
 * file, inside a part's headers, right after a boundary) makes busboy emit 'error' on the parser and
 * on the file stream being read; an 'error' nobody listens to is thrown out of the stream and ends
 * the process. Here every stream of the read has a listener, a client that hangs up mid-body ends
 * the read, and whatever goes wrong settles the read once: a 400 with a sentence, or the route's own
 * error (413, 415) given through `fail`.
 */
import busboy from 'busboy';
import type { Request } from 'express';
import type { Readable, Transform } from 'node:stream';
import { badRequest, type HttpError } from '#core/lib/errors';

/** A body that ends before its closing boundary, or whose framing does not parse. */
export const MULTIPART_UNREADABLE = 'The form could not be read: it ended too soon. Please try again.';
/** A client that hung up before sending its whole body. */
export const MULTIPART_INTERRUPTED = 'The upload was interrupted. Please try again.';

/** One file part as busboy gives it; its stream already has an error listener. */
export type FilePart = { field: string; stream: Readable; fileName: string | undefined; mimeType: string };

/** Ends the read with this error (once; later calls do nothing). */
export type FailRead = (error: unknown) => void;

export type MultipartRead<T> = {
  /** busboy's limits (file size, files, fields, parts). */
  limits: busboy.Limits;
  /** The answer when the headers do not describe a multipart body (415 or 400, the route's choice). */
  notMultipart: HttpError;
  /** What a body that does not parse says (default MULTIPART_UNREADABLE). */
  unreadable?: string;
  /** Paces the bytes on their way to the parser (the upload intake). */
  through?: Transform;
  onField?(name: string, value: string): void;
  /** Takes one file part: read its stream to the end (or resume it), or fail the read. */
  onFile(part: FilePart, fail: FailRead): void;
  /** More files than `limits.files`: the error to answer. */
  tooManyFiles?: HttpError;
  /** The whole body has been read: the result (a rejection fails the read). */
  done(): T | Promise<T>;
  /** Undoes what the parts did (a file stored already) when the read fails. */
  onFail?(error: unknown): void;
};

/** Reads `req`'s multipart body with `read`; never throws out of a stream, rejects with an HttpError. */
export function readMultipart<T>(req: Request, read: MultipartRead<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // File names are UTF-8 as browsers send them (busboy's default for `filename` is Latin-1).
      parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: read.limits });
    } catch {
      reject(read.notMultipart);
      return;
    }
    const parts: Readable[] = [];
    let settled = false;
    const fail: FailRead = (error) => {
      if (settled) return;
      settled = true;
      read.onFail?.(error);
      // Parts still open are drained, so the parser reads on and the client gets its answer instead of a stalled socket.
      for (const part of parts) part.resume();
      reject(error);
    };

    parser.on('field', (name, value) => {
      if (!settled) read.onField?.(name, value);
    });
    parser.on('file', (field, stream, info) => {
      // busboy errors the open file stream as well as itself when the body breaks off; the parser's own 'error' answers it.
      stream.on('error', () => {});
      parts.push(stream);
      if (settled) return void stream.resume();
      try {
        read.onFile({ field, stream, fileName: info.filename, mimeType: info.mimeType }, fail);
      } catch (error) {
        stream.resume();
        fail(error);
      }
    });
    parser.on('filesLimit', () => fail(read.tooManyFiles ?? badRequest('Send one file at a time.')));
    parser.on('error', () => fail(badRequest(read.unreadable ?? MULTIPART_UNREADABLE)));
    parser.on('close', () => {
      if (settled) return;
      Promise.resolve()
        .then(() => read.done())
        .then((value) => {
          if (settled) return;
          settled = true;
          resolve(value);
        }, fail);
    });

    const source = read.through ? req.pipe(read.through) : req;
    const interrupted = () => {
      if (req.complete && !req.errored) return;
      const error = badRequest(MULTIPART_INTERRUPTED);
      fail(error);
      // Ends the parser too, which errors the open file stream, so whoever reads it (storage) stops.
      req.unpipe();
      read.through?.unpipe();
      read.through?.destroy();
      parser.destroy(error);
    };
    req.on('close', interrupted);
    req.on('error', interrupted);
    read.through?.on('error', (error) => {
      fail(error);
      parser.destroy(error);
    });
    source.pipe(parser);
  });
}
