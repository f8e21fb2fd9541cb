/**
 * Validation at the edge, one shape for every route: `validate({ params, query, body })` parses what
 * it is given with zod before the handler runs, and `.input(req)` hands the handler the typed result.
 * A path parameter that does not parse names nothing that exists (404 with the resource's message);
 * a bad query or body is the client's mistake (400, through the error handler's zod mapping); a body
 * that is not JSON, where the route reads one, is the wrong type (415).
 *
 *   const orderInput = validate({ params: z.object({ id: uuidField }) }, 'Order not found.');
 *   router.get('/api/orders/:id', orderInput, async (req, res) => { const { id } = orderInput.input(req).params; … });
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { notFound, unsupportedMediaType } from '#core/lib/errors';

export const NOT_JSON_MESSAGE = 'Send the request body as JSON (Content-Type: application/json).';

/** True when the request carries a body (HTTP/1.1: a non-zero Content-Length or a chunked one). */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

type Schemas = { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
type Parsed<S extends Schemas> = {
  params: S['params'] extends z.ZodType ? z.output<S['params']> : undefined;
  query: S['query'] extends z.ZodType ? z.output<S['query']> : undefined;
  body: S['body'] extends z.ZodType ? z.output<S['body']> : undefined;
};

/** A middleware that validates, with `input(req)` to read what it parsed. */
export type Validator<S extends Schemas> = RequestHandler & { input(req: Request): Parsed<S> };

/** Builds the validating middleware; `missing` is the 404 message for a path parameter that does not parse. */
export function validate<S extends Schemas>(schemas: S, missing = 'Not found.'): Validator<S> {
  const parsedBy = new WeakMap<Request, Parsed<S>>();
  const middleware = (req: Request, _res: Response, next: NextFunction) => {
    let params: unknown;
    if (schemas.params) {
      const result = schemas.params.safeParse(req.params);
      if (!result.success) return next(notFound(missing));
      params = result.data;
    }
    // A route that reads a JSON body and was sent a body of another type (a form, text, XML): the
    // JSON parser left it unread, and checking `{}` instead would name a field that was in fact sent.
    if (schemas.body && hasBody(req) && !req.is('application/json')) return next(unsupportedMediaType(NOT_JSON_MESSAGE));
    try {
      const query = schemas.query ? schemas.query.parse(req.query) : undefined;
      const body = schemas.body ? schemas.body.parse(req.body ?? {}) : undefined;
      parsedBy.set(req, { params, query, body } as Parsed<S>);
    } catch (error) {
      return next(error);
    }
    next();
  };
  return Object.assign(middleware, {
    input(req: Request): Parsed<S> {
      const parsed = parsedBy.get(req);
      if (!parsed) throw new Error('validate(): input() called on a request the middleware did not see');
      return parsed;
    },
  });
}
