/**
 * The one error handler: zod → 400 with field messages, unique violation → 409, malformed JSON → 400,
 * body too large → 413, a body that does not decompress → 400, an unknown Content-Encoding → 415, a
 * badly percent-encoded path → 400, PostgreSQL's data exceptions (SQLSTATE class 22) → 400,
 * HttpError → its status, anything else → 500 with a generic message and a log line.
 */
import type { Express, NextFunction, Request, Response } from 'express';
import { ZodError } from 'zod';
import type { AppContext } from '#core/context';
import { HttpError } from '#core/lib/errors';
import { isDatabaseUnavailable } from '#core/lib/db';

type BodyParserError = Error & { type?: string; status?: number; expose?: boolean };
type PgError = Error & { code?: string };

/** JSON 404 for unknown /api routes; must come after every router. */
export function installApiNotFound(app: Express): void {
  app.use('/api', (_req: Request, res: Response) => {
    res.status(404).json({ message: 'Not found.' });
  });
}

export function installErrorHandler(app: Express, ctx: AppContext): void {
  const log = ctx.log.child('error');
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const { status, body } = toResponse(error);
    if (status >= 500) log.error(`${req.method} ${req.originalUrl.split('?')[0]} failed`, { error });
    if (error instanceof HttpError && error.headers) res.set(error.headers);
    res.status(status).json(body);
  });
}

/** Maps any thrown value to a status and a JSON body with a `message` meant for a person. */
export function toResponse(error: unknown): { status: number; body: Record<string, unknown> } {
  if (error instanceof HttpError) return { status: error.status, body: { message: error.message, code: error.code, ...error.details } };
  if (error instanceof ZodError) {
    const errors: Record<string, string> = {};
    for (const issue of error.issues) {
      const key = issue.path.join('.') || '_';
      errors[key] ??= issue.message;
    }
    // One message once, though several fields share it (both empty sign-in fields, say).
    return { status: 400, body: { message: [...new Set(Object.values(errors))].join('. '), code: 'validation', errors } };
  }
  const bodyError = error as BodyParserError;
  if (bodyError?.type === 'entity.parse.failed') return { status: 400, body: { message: 'The request body is not valid JSON.', code: 'bad_json' } };
  if (bodyError?.type === 'entity.too.large') return { status: 413, body: { message: 'The request body is too large.', code: 'too_large' } };
  if (bodyError?.type === 'encoding.unsupported' || bodyError?.type === 'charset.unsupported') {
    return { status: 415, body: { message: 'Unsupported request encoding.', code: 'unsupported_media_type' } };
  }
  // Express could not percent-decode a path parameter (`/api/orders/%ZZ`): the address is malformed.
  if (error instanceof URIError || (bodyError?.status === 400 && /Failed to decode param/.test(bodyError.message ?? ''))) {
    return { status: 400, body: { message: 'The address is not valid: part of it is wrongly percent-encoded.', code: 'bad_path' } };
  }
  // A gzip/br/deflate body that does not inflate: body-parser wraps the zlib error in an
  // http-errors 400 without a `type`.
  if (typeof bodyError?.status === 'number' && bodyError.status >= 400 && bodyError.status < 500 && (bodyError.type || bodyError.expose)) {
    // Other http-errors (express.static's 404 for a missing asset) keep their status with a plain message.
    const message = bodyError.type
      ? 'The request could not be read.'
      : bodyError.status === 400
        ? 'The request body could not be read: its Content-Encoding does not decode.'
        : bodyError.status === 404
          ? 'Not found.'
          : 'The request could not be served.';
    return { status: bodyError.status, body: { message, code: 'bad_request' } };
  }
  const pg = error as PgError;
  if (pg?.code === '23505') return { status: 409, body: { message: 'That already exists.', code: 'conflict' } };
  // Class 22 is PostgreSQL's "data exception": invalid text representation (22P02), a NUL or an
  // invalid byte (22021, 22P05), a value too long (22001) or out of range (22003), a bad date…
  // Each means the request carried a value the database refuses: the client's fault, never a 500.
  if (typeof pg?.code === 'string' && pg.code.startsWith('22')) {
    return { status: 400, body: { message: 'A value in the request is not valid.', code: 'bad_request' } };
  }
  // The database is restarting or unreachable: a retry in a moment will work, so say so (503).
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: { message: 'The shop is briefly unavailable. Please try again in a moment.', code: 'unavailable' } };
  }
  return { status: 500, body: { message: 'Something went wrong on our side. Please try again.', code: 'internal' } };
}
