/** HTTP errors with a status, a stable code and a message meant for a person. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Response headers that go with the error (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) => new HttpError(400, 'bad_request', message, details);
export const unauthorized = (message = 'Please sign in to continue.') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const payloadTooLarge = (message = 'That is too large.') => new HttpError(413, 'too_large', message);
export const unsupportedMediaType = (message: string) => new HttpError(415, 'unsupported_media_type', message);
/** 429; with `retryAfterSeconds`, a Retry-After header saying when a retry can succeed. */
export const tooManyRequests = (message = 'Too many requests. Please wait a minute and try again.', retryAfterSeconds?: number) =>
  new HttpError(429, 'too_many_requests', message, undefined, retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(retryAfterSeconds) });
export const serviceUnavailable = (message = 'Service temporarily unavailable.') => new HttpError(503, 'unavailable', message);
