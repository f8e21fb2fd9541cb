/**
 * Small local HTTP fakes of the providers' APIs (Stripe, EasyPost, Resend), so each adapter is
 * tested with its real SDK over real HTTP on 127.0.0.1. They keep just enough state to answer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

type Handler = (req: http.IncomingMessage, body: string) => { status: number; json: unknown } | Promise<{ status: number; json: unknown }>;

async function listen(handler: Handler) {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    try {
      const { status, json } = await handler(req, Buffer.concat(chunks).toString('utf8'));
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(4).toString('hex')}` });
      res.end(JSON.stringify(json));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(error) } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Parses Stripe's form encoding (a[b]=c) into nested objects. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = out as Record<string, unknown>;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  latest_charge: null | { id: string; object: 'charge'; refunded: boolean; payment_method_details: { card: { brand: string; last4: string } } };
};

/** Stripe's PaymentIntents API: create (idempotent by key), update, retrieve (expand latest_charge), cancel; and refunds. */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, string>();
  const refundKeys = new Map<string, unknown>();
  const requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  const server = await listen((req, body) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey });
    const form = parseForm(body);
    if (url.pathname === '/v1/refunds' && req.method === 'POST') {
      const refunded = intents.get(String(form.payment_intent));
      if (!refunded?.latest_charge)
        return { status: 400, json: { error: { type: 'invalid_request_error', message: 'This PaymentIntent has no charge to refund.' } } };
      if (refunded.latest_charge.refunded) {
        // Stripe answers a replay of the same key with the first answer, and a new key with this error.
        if (idempotencyKey && refundKeys.has(idempotencyKey)) return { status: 200, json: refundKeys.get(idempotencyKey) };
        return {
          status: 400,
          json: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' } },
        };
      }
      refunded.latest_charge.refunded = true;
      const refund = {
        id: `re_${randomBytes(6).toString('hex')}`,
        object: 'refund',
        payment_intent: refunded.id,
        amount: refunded.amount,
        status: 'succeeded',
      };
      if (idempotencyKey) refundKeys.set(idempotencyKey, refund);
      return { status: 200, json: refund };
    }
    const match = url.pathname.match(/^\/v1\/payment_intents(?:\/([^/]+))?(\/cancel)?$/);
    if (!match) return { status: 404, json: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } } };
    const [, id, cancel] = match;
    if (!id && req.method === 'POST') {
      if (idempotencyKey && byKey.has(idempotencyKey)) return { status: 200, json: intents.get(byKey.get(idempotencyKey)!) };
      const newId = `pi_${randomBytes(8).toString('hex')}`;
      const intent: FakeIntent = {
        id: newId,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: String(form.currency),
        status: 'requires_payment_method',
        client_secret: `${newId}_secret_${randomBytes(8).toString('hex')}`,
        metadata: (form.metadata as Record<string, string>) ?? {},
        latest_charge: null,
      };
      intents.set(newId, intent);
      if (idempotencyKey) byKey.set(idempotencyKey, newId);
      return { status: 200, json: intent };
    }
    const intent = id ? intents.get(id) : undefined;
    if (!intent)
      return { status: 404, json: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'` } } };
    if (cancel) {
      if (intent.status === 'succeeded') return { status: 400, json: { error: { type: 'invalid_request_error', message: 'cannot cancel' } } };
      intent.status = 'canceled';
      return { status: 200, json: intent };
    }
    if (req.method === 'POST') {
      if (intent.status === 'succeeded')
        return { status: 400, json: { error: { type: 'invalid_request_error', message: 'This PaymentIntent has already succeeded.' } } };
      if (form.amount) intent.amount = Number(form.amount);
      return { status: 200, json: intent };
    }
    const expand = url.searchParams.getAll('expand[]').concat(url.searchParams.getAll('expand[0]'));
    return { status: 200, json: expand.includes('latest_charge') ? intent : { ...intent, latest_charge: intent.latest_charge?.id ?? null } };
  });
  return {
    ...server,
    intents,
    requests,
    /** The customer paid: status succeeded with a card charge. */
    succeed(id: string, card = { brand: 'visa', last4: '4242' }) {
      const intent = intents.get(id)!;
      intent.status = 'succeeded';
      intent.latest_charge = { id: `ch_${randomBytes(6).toString('hex')}`, object: 'charge', refunded: false, payment_method_details: { card } };
      return intent;
    },
    refund(id: string) {
      const intent = intents.get(id)!;
      if (intent.latest_charge) intent.latest_charge.refunded = true;
      return intent;
    },
    /** Creates an intent directly (as if made by another process). */
    create(amount: number, metadata: Record<string, string>): FakeIntent {
      const newId = `pi_${randomBytes(8).toString('hex')}`;
      const intent: FakeIntent = {
        id: newId,
        object: 'payment_intent',
        amount,
        currency: 'usd',
        status: 'requires_payment_method',
        client_secret: `${newId}_secret_x`,
        metadata,
        latest_charge: null,
      };
      intents.set(newId, intent);
      return intent;
    },
  };
}

/** EasyPost's shipments endpoint: three rates per shipment; ZIP 00000 is an undeliverable address (422). */
export async function startFakeEasyPost() {
  const shipments: { id: string; params: any; auth: string | undefined }[] = [];
  const server = await listen((req, body) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method !== 'POST' || url.pathname !== '/v2/shipments') return { status: 404, json: { error: { code: 'NOT_FOUND', message: 'not found' } } };
    const params = JSON.parse(body).shipment;
    if (params.to_address?.zip === '00000') {
      return { status: 422, json: { error: { code: 'ADDRESS.VERIFY.FAILURE', message: 'Unable to verify address.', errors: [] } } };
    }
    const id = `shp_${randomBytes(6).toString('hex')}`;
    shipments.push({ id, params, auth: req.headers.authorization });
    const weight = Number(params.parcel.weight);
    const rate = (service: string, carrier: string, base: number, days: number) => ({
      id: `rate_${randomBytes(6).toString('hex')}`,
      object: 'Rate',
      carrier,
      service,
      rate: (base + weight * 0.05).toFixed(2),
      currency: 'USD',
      delivery_days: days,
      delivery_date: null,
      est_delivery_days: days,
      shipment_id: id,
    });
    return {
      status: 201,
      json: {
        id,
        object: 'Shipment',
        rates: [rate('Express', 'USPS', 31.5, 1), rate('GroundAdvantage', 'USPS', 9.1, 4), rate('Priority', 'USPS', 12.25, 2)],
        messages: [],
      },
    };
  });
  return { ...server, shipments };
}

/** Resend's POST /emails: records each email and its Idempotency-Key; a repeated key returns the first id. */
export async function startFakeResend() {
  const emails: { id: string; idempotencyKey?: string; body: any; auth: string | undefined }[] = [];
  const byKey = new Map<string, string>();
  let failNext = 0;
  const server = await listen((req, body) => {
    if (req.method !== 'POST' || req.url !== '/emails') return { status: 404, json: { name: 'not_found', message: 'not found', statusCode: 404 } };
    if (failNext > 0) {
      failNext--;
      return { status: 500, json: { name: 'internal_server_error', message: 'temporary failure', statusCode: 500 } };
    }
    const key = req.headers['idempotency-key'] as string | undefined;
    if (key && byKey.has(key)) return { status: 200, json: { id: byKey.get(key) } };
    const parsed = JSON.parse(body);
    if (!parsed.to || !parsed.from) return { status: 422, json: { name: 'validation_error', message: 'Missing `to` field.', statusCode: 422 } };
    const id = randomBytes(8).toString('hex');
    if (key) byKey.set(key, id);
    emails.push({ id, idempotencyKey: key, body: parsed, auth: req.headers.authorization });
    return { status: 200, json: { id } };
  });
  return {
    ...server,
    emails,
    failNextRequests(n: number) {
      failNext = n;
    },
  };
}
