/**
 * Validation at the edge, one shape for every route: `validate({ params, query, body })` parses what
 * it is given with zod before the handler runs, and `.input(req)` hands the handler the typed result.
 * A path parameter that does not parse names nothing that exists (404 with the resource's message);
 * a bad query or body is the client's mistake (400, through the error handler's zod mapping).
 *
 *   const orderInput = validate({ params: z.object({ id: uuidField }) }, 'Order not found.');
 *   router.get('/api/orders/:id', orderInput, async (req, res) => { const { id } = orderInput.input(req).params; … });
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { notFound } from '#core/lib/errors';

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
