/**
 * Test-only: a small local fake of EasyPost's API (the endpoints the label adapter calls), started on
 * 127.0.0.1 by tests. It counts purchases, and can be told to fail a purchase's response after
 * recording it (the crash a retried job must survive without buying twice).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type FakeShipment = { id: string; rates: { id: string; service: string; carrier: string; rate: string }[]; bought: string | null; tracking: string | null };

export type EasyPostFake = {
  baseUrl: string;
  buys: { shipmentId: string; rateId: string }[];
  shipments: Map<string, FakeShipment>;
  /** Adds a shipment as the rates step would have created it. */
  addShipment(id: string): FakeShipment;
  /** The next purchase is recorded but answered with a 500. */
  failNextBuyResponse(): void;
  close(): Promise<void>;
};

const LABEL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export async function startEasyPostFake(): Promise<EasyPostFake> {
  const shipments = new Map<string, FakeShipment>();
  const buys: EasyPostFake['buys'] = [];
  let failNext = false;
  let seq = 0;
  const addShipment = (id: string): FakeShipment => {
    const s: FakeShipment = {
      id,
      rates: [
        { id: `rate_${id}_ground`, service: 'Ground', carrier: 'USPS', rate: '12.95' },
        { id: `rate_${id}_express`, service: 'Express', carrier: 'USPS', rate: '39.00' },
      ],
      bought: null,
      tracking: null,
    };
    shipments.set(id, s);
    return s;
  };
  let base = '';
  const json = (s: FakeShipment) => ({
    id: s.id,
    object: 'Shipment',
    tracking_code: s.tracking,
    rates: s.rates.map((r) => ({ ...r, object: 'Rate', shipment_id: s.id })),
    selected_rate: s.bought ? { ...s.rates.find((r) => r.id === s.bought), object: 'Rate' } : null,
    postage_label: s.bought ? { object: 'PostageLabel', label_url: `${base}/files/${s.id}.png`, label_pdf_url: `${base}/files/${s.id}.pdf` } : null,
  });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const parts = url.pathname.split('/').filter(Boolean);
      if (parts[0] === 'files' && parts[1]?.endsWith('.pdf')) {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return res.end(LABEL_PDF);
      }
      if (parts[0] !== 'v2' || parts[1] !== 'shipments') return send(404, { error: { code: 'NOT_FOUND', message: 'not found' } });
      if (req.method === 'POST' && parts.length === 2) {
        const s = addShipment(`shp_fake${++seq}`);
        return send(201, json(s));
      }
      const s = shipments.get(parts[2] ?? '');
      if (!s) return send(404, { error: { code: 'NOT_FOUND', message: 'shipment not found' } });
      if (req.method === 'GET' && parts.length === 3) return send(200, json(s));
      if (req.method === 'GET' && parts[3] === 'label') return send(200, json(s));
      if (req.method === 'POST' && parts[3] === 'buy') {
        if (s.bought) return send(422, { error: { code: 'SHIPMENT.POSTAGE.EXISTS', message: 'already bought' } });
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { rate?: { id?: string } };
        const rateId = body.rate?.id ?? '';
        if (!s.rates.some((r) => r.id === rateId)) return send(422, { error: { code: 'RATE.INVALID', message: 'bad rate' } });
        s.bought = rateId;
        s.tracking = `9400100000000000${String(buys.length + 1).padStart(6, '0')}`;
        buys.push({ shipmentId: s.id, rateId });
        if (failNext) {
          failNext = false;
          return send(500, { error: { code: 'INTERNAL_SERVER_ERROR', message: 'connection reset' } });
        }
        return send(200, json(s));
      }
      return send(404, { error: { code: 'NOT_FOUND', message: 'not found' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${base}/v2/`,
    buys,
    shipments,
    addShipment,
    failNextBuyResponse: () => {
      failNext = true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
