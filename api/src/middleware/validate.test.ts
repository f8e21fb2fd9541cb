import express from 'express';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uuidField } from '#shared/fields';
import { toResponse } from './errors';
import { NOT_JSON_MESSAGE, validate } from './validate';

const thing = validate(
  {
    params: z.object({ id: uuidField }),
    query: z.object({ n: z.coerce.number().int().min(1).default(1) }),
    body: z.object({ name: z.string().trim().min(1, 'Name is required') }),
  },
  'Thing not found.',
);

let server: Server;
let base: string;
beforeAll(async () => {
  const app = express();
  app.use(express.json());
  app.post('/things/:id', thing, (req, res) => {
    const { params, query, body } = thing.input(req);
    res.json({ id: params.id, n: query.n, name: body.name });
  });
  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const { status, body } = toResponse(error);
    res.status(status).json(body);
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, () => resolve(s));
  });
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (path: string, body: unknown) =>
  fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({
    status: r.status,
    body: await r.json(),
  }));

describe('validate()', () => {
  const id = '6f1c1f0e-2b7a-4c44-9d3e-1f2a3b4c5d6e';

  it('hands the handler the parsed, typed params, query and body', async () => {
    expect(await post(`/things/${id}?n=3`, { name: '  Plans ' })).toEqual({ status: 200, body: { id, n: 3, name: 'Plans' } });
  });

  it('answers 404 with the resource message for a path parameter that names nothing', async () => {
    expect(await post('/things/not-an-id', { name: 'x' })).toMatchObject({ status: 404, body: { message: 'Thing not found.' } });
  });

  it('answers 400 with the field message for a bad body or query', async () => {
    expect(await post(`/things/${id}`, { name: ' ' })).toMatchObject({
      status: 400,
      body: { message: 'Name is required', errors: { name: 'Name is required' } },
    });
    expect((await post(`/things/${id}?n=0`, { name: 'x' })).status).toBe(400);
  });

  it('answers 415 for a body of another type, which the JSON parser leaves unread, rather than name a field that was sent', async () => {
    for (const [type, body] of [
      ['text/plain;charset=UTF-8', JSON.stringify({ name: 'Plans' })],
      ['application/x-www-form-urlencoded', 'name=Plans'],
      ['application/xml', '<name>Plans</name>'],
    ]) {
      const res = await fetch(`${base}/things/${id}`, { method: 'POST', headers: { 'content-type': type }, body });
      expect([type, res.status, (await res.json()).message]).toEqual([type, 415, NOT_JSON_MESSAGE]);
    }
    // No body at all is no body of the wrong type: the schema says what is missing.
    const empty = await fetch(`${base}/things/${id}`, { method: 'POST' });
    expect(empty.status).toBe(400);
  });
});
