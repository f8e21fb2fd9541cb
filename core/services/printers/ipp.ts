/**
 * The little of IPP/2.0 (RFC 8010 encoding, RFC 8011 operations) the counter needs: Print-Job with a
 * PDF and its job template, and Get-Job-Attributes to follow the job. Written here rather than taken
 * from npm (decision 056): the encoding is a few tag-length-value rules, and the one client on npm has
 * not been released in years. Tested against CUPS's ippeveprinter, a real IPP Everywhere printer.
 */
import http from 'node:http';
import https from 'node:https';

/** IPP value tags used here. */
const TAG = {
  operation: 0x01,
  job: 0x02,
  end: 0x03,
  printer: 0x04,
  unsupported: 0x05,
  integer: 0x21,
  boolean: 0x22,
  enum: 0x23,
  text: 0x41,
  name: 0x42,
  keyword: 0x44,
  uri: 0x45,
  charset: 0x47,
  language: 0x48,
  mimeType: 0x49,
} as const;

export const IPP_OPERATION = { printJob: 0x0002, getJobAttributes: 0x0009, getJobs: 0x000a } as const;
/** status-code: the printer is busy with another job; try again later. */
export const IPP_SERVER_ERROR_BUSY = 0x0507;
/** job-state values. */
export const JOB_STATE = { pending: 3, held: 4, processing: 5, stopped: 6, canceled: 7, aborted: 8, completed: 9 } as const;

/** One attribute to send: its group, tag, name and values. */
export type IppAttribute = { group: 'operation' | 'job'; tag: keyof typeof TAG; name: string; values: (string | number | boolean)[] };

/** A decoded response: its status and every attribute by name (the last group's wins), values as read. */
export type IppResponse = { status: number; requestId: number; attributes: Map<string, (string | number | boolean)[]> };

function encodeValue(tag: keyof typeof TAG, value: string | number | boolean): Buffer {
  if (tag === 'integer' || tag === 'enum') {
    const b = Buffer.alloc(4);
    b.writeInt32BE(Number(value));
    return b;
  }
  if (tag === 'boolean') return Buffer.from([value ? 1 : 0]);
  return Buffer.from(String(value), 'utf8');
}

/** Encodes a request: version 2.0, the operation, attributes by group (operation first), then the document. */
export function encodeRequest(operation: number, requestId: number, attributes: readonly IppAttribute[], document?: Buffer): Buffer {
  const parts: Buffer[] = [];
  const head = Buffer.alloc(8);
  head.writeUInt8(2, 0);
  head.writeUInt8(0, 1);
  head.writeUInt16BE(operation, 2);
  head.writeUInt32BE(requestId, 4);
  parts.push(head);
  for (const group of ['operation', 'job'] as const) {
    const inGroup = attributes.filter((a) => a.group === group);
    if (inGroup.length === 0) continue;
    parts.push(Buffer.from([TAG[group]]));
    for (const a of inGroup) {
      a.values.forEach((v, i) => {
        const name = Buffer.from(i === 0 ? a.name : '', 'utf8');
        const value = encodeValue(a.tag, v);
        const len = Buffer.alloc(2);
        parts.push(Buffer.from([TAG[a.tag]]));
        len.writeUInt16BE(name.length);
        parts.push(Buffer.from(len), name);
        const vlen = Buffer.alloc(2);
        vlen.writeUInt16BE(value.length);
        parts.push(vlen, value);
      });
    }
  }
  parts.push(Buffer.from([TAG.end]));
  if (document) parts.push(document);
  return Buffer.concat(parts);
}

/** Decodes a response's header and attributes; integers, enums and booleans as numbers/booleans, the rest as text. */
export function decodeResponse(body: Buffer): IppResponse {
  if (body.length < 8) throw new Error('IPP response too short');
  const status = body.readUInt16BE(2);
  const requestId = body.readUInt32BE(4);
  const attributes = new Map<string, (string | number | boolean)[]>();
  let at = 8;
  let last = '';
  while (at < body.length) {
    const tag = body[at++];
    if (tag === TAG.end) break;
    if (tag < 0x10) continue; // a group delimiter
    const nameLength = body.readUInt16BE(at);
    at += 2;
    const name = body.toString('utf8', at, at + nameLength);
    at += nameLength;
    const valueLength = body.readUInt16BE(at);
    at += 2;
    const raw = body.subarray(at, at + valueLength);
    at += valueLength;
    const value = tag === TAG.integer || tag === TAG.enum ? raw.readInt32BE(0) : tag === TAG.boolean ? raw[0] === 1 : raw.toString('utf8');
    if (name) {
      last = name;
      attributes.set(name, [value]);
    } else if (last) attributes.get(last)?.push(value);
  }
  return { status, requestId, attributes };
}

/** The HTTP address of an ipp:// or ipps:// printer URI (port 631 unless it names one). */
export function httpUrlOf(uri: string): URL {
  const url = new URL(uri);
  const secure = url.protocol === 'ipps:';
  const target = new URL(`${secure ? 'https' : 'http'}://${url.host}${url.pathname}${url.search}`);
  if (!url.port) target.port = '631';
  return target;
}

/** Posts one request to the printer; rejects when it cannot be reached or does not answer IPP. */
export function ippRequest(uri: string, request: Buffer, timeoutMs = 30_000): Promise<IppResponse> {
  const url = httpUrlOf(uri);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: 'POST', headers: { 'Content-Type': 'application/ipp', 'Content-Length': request.length }, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`the printer answered HTTP ${res.statusCode}`));
          try {
            resolve(decodeResponse(Buffer.concat(chunks)));
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('the printer did not answer in time')));
    req.on('error', reject);
    req.end(request);
  });
}

let nextRequestId = 1;

const operationAttributes = (uri: string): IppAttribute[] => [
  { group: 'operation', tag: 'charset', name: 'attributes-charset', values: ['utf-8'] },
  { group: 'operation', tag: 'language', name: 'attributes-natural-language', values: ['en'] },
  { group: 'operation', tag: 'uri', name: 'printer-uri', values: [uri] },
  { group: 'operation', tag: 'name', name: 'requesting-user-name', values: ['blueprint-shop'] },
];

/** What a Print-Job carries besides the PDF. */
export type PrintJobTicket = { jobName: string; media: string; colorMode: 'color' | 'monochrome' };

/** Sends a PDF as a Print-Job: never scaled (`print-scaling none`), on `media`, in `colorMode`. */
export async function printJob(uri: string, pdf: Buffer, ticket: PrintJobTicket): Promise<IppResponse> {
  const request = encodeRequest(
    IPP_OPERATION.printJob,
    nextRequestId++,
    [
      ...operationAttributes(uri),
      { group: 'operation', tag: 'name', name: 'job-name', values: [ticket.jobName] },
      { group: 'operation', tag: 'mimeType', name: 'document-format', values: ['application/pdf'] },
      { group: 'job', tag: 'keyword', name: 'media', values: [ticket.media] },
      { group: 'job', tag: 'keyword', name: 'print-scaling', values: ['none'] },
      { group: 'job', tag: 'keyword', name: 'print-color-mode', values: [ticket.colorMode] },
    ],
    pdf,
  );
  return ippRequest(uri, request);
}

/** Asks the printer about one job. */
export async function getJobAttributes(uri: string, jobId: number): Promise<IppResponse> {
  const request = encodeRequest(IPP_OPERATION.getJobAttributes, nextRequestId++, [
    ...operationAttributes(uri),
    { group: 'operation', tag: 'integer', name: 'job-id', values: [jobId] },
    { group: 'operation', tag: 'keyword', name: 'requested-attributes', values: ['all'] },
  ]);
  return ippRequest(uri, request);
}
