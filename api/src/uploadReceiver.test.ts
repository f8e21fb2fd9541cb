import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../test/helpers/shop';
import type { TestClient } from '../../test/helpers/client';
import { opensUpload, receiverSocketFile, type UploadReceiver } from './uploadReceiver';

describe('opensUpload', () => {
  it('knows an upload by its request line alone', () => {
    expect(opensUpload(Buffer.from('POST /api/upload-pdf HTTP/1.1\r\nHost: x\r\n\r\n'))).toBe(true);
    expect(opensUpload(Buffer.from('POST /api/upload-pdf?from=counter HTTP/1.1\r\n'))).toBe(true);
    expect(opensUpload(Buffer.from('POST /api/upload-pdfs HTTP/1.1\r\n'))).toBe(false);
    expect(opensUpload(Buffer.from('GET /api/upload-pdf HTTP/1.1\r\n'))).toBe(false);
    expect(opensUpload(Buffer.from('POST /api/uploads HTTP/1.1\r\n'))).toBe(false);
    expect(opensUpload(Buffer.from('POST /api/upload-pd'))).toBe(false);
    expect(opensUpload(Buffer.from('post /api/upload-pdf HTTP/1.1\r\n'))).toBe(false);
  });
});

describe('the upload receiver', () => {
  let shop: TestShop;
  let receiver: UploadReceiver;
  beforeAll(async () => {
    shop = await startTestShop({ uploadReceiver: true });
    receiver = shop.receiver!;
    await receiver.ready();
  }, 60_000);
  afterAll(() => shop?.close());

  /** A PDF-signed body of random bytes, so a lost or moved block changes its SHA-256. */
  function drawingBytes(size: number): Buffer {
    return Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size)]);
  }

  async function upload(client: TestClient, bytes: Buffer) {
    const form = new FormData();
    form.append('pdf', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'S-201 Framing.pdf');
    return client.request('POST', '/api/upload-pdf', { body: form });
  }

  async function storedDigest(uploadId: string): Promise<string | undefined> {
    const [row] = await shop.sql<{ sha256: string }[]>`select sha256 from uploads where id = ${uploadId}`;
    return row?.sha256;
  }

  it('takes uploads that start together whole, in its own process, and the same client carries on there', async () => {
    const before = receiver.handedOver;
    const files = Array.from({ length: 6 }, () => drawingBytes(3 * 1024 * 1024 + 12_345));
    const clients = files.map(() => shop.client());
    const answers = await Promise.all(files.map((bytes, i) => upload(clients[i], bytes)));
    for (const [i, res] of answers.entries()) {
      expect(res.status).toBe(202);
      expect(res.body.fileSize).toBe(files[i].length);
      // Every byte arrived, in order: a block left behind in the web process would change the digest.
      expect(await storedDigest(res.body.uploadId)).toBe(createHash('sha256').update(files[i]).digest('hex'));
    }
    expect(receiver.handedOver).toBeGreaterThan(before);
    expect(receiver.pid).not.toBe(process.pid);
    // It queues behind the web process for the CPU.
    expect(os.getPriority(receiver.pid!)).toBeGreaterThan(os.getPriority(process.pid));
    // The session the receiver started is the shop's session: the upload is the client's to poll.
    const polled = await clients[0].get(`/api/uploads/${answers[0].body.uploadId}`);
    expect(polled.status).toBe(200);
    expect(polled.body.status).toBe('analyzing');
  });

  it('serves every other request itself', async () => {
    const before = receiver.handedOver;
    const health = await fetch(`${shop.url}/api/health`, { headers: { connection: 'close' } });
    expect(health.status).toBe(200);
    const missing = await shop.client().get('/api/uploads/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(receiver.handedOver).toBe(before);
  });

  /**
   * An upload's request, head and body apart: counted (Content-Length) or chunked, and with
   * `close`, asking the shop to close the connection after its answer.
   */
  function uploadRequest(bytes: Buffer, options: { encoding?: 'counted' | 'chunked'; fileName?: string; close?: boolean } = {}) {
    const { encoding = 'counted', fileName = 'M-101 Mechanical.pdf', close = false } = options;
    const part = `--b\r\nContent-Disposition: form-data; name="pdf"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`;
    const form = Buffer.concat([Buffer.from(part), bytes, Buffer.from('\r\n--b--\r\n')]);
    const framing = encoding === 'counted' ? `Content-Length: ${form.length}` : 'Transfer-Encoding: chunked';
    const body = encoding === 'counted' ? form : Buffer.concat([Buffer.from(`${form.length.toString(16)}\r\n`), form, Buffer.from('\r\n0\r\n\r\n')]);
    const head = Buffer.from(
      `POST /api/upload-pdf HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=b\r\n${framing}\r\n${close ? 'Connection: close\r\n' : ''}\r\n`,
    );
    return { head, body };
  }

  /**
   * An upload on a connection of its own (fetch would reuse a pooled one), sent in two writes: the
   * first `split` bytes, then the rest. Answers the status line and the body.
   */
  function uploadOnNewConnection(bytes: Buffer, split = 0, between: () => void = () => {}): Promise<{ status: number; body: string }> {
    const { head, body } = uploadRequest(bytes, { fileName: 'a.pdf', close: true });
    const request = Buffer.concat([head, body]);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(new URL(shop.url).port), '127.0.0.1', () => {
        if (split === 0) return void socket.write(request);
        socket.write(request.subarray(0, split));
        setTimeout(() => {
          between();
          setTimeout(() => socket.write(request.subarray(split)), 200);
        }, 100);
      });
      const chunks: Buffer[] = [];
      socket.on('data', (d: Buffer) => chunks.push(d));
      socket.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: Number(text.slice(9, 12)), body: text.slice(text.indexOf('\r\n\r\n') + 4) });
      });
      socket.on('error', reject);
    });
  }

  it('serves a request line that arrives in pieces', async () => {
    const before = receiver.handedOver;
    const answer = await uploadOnNewConnection(Buffer.from('%PDF-1.4 tiny'), 3); // "POS": too little to tell
    expect(answer.status).toBe(202);
    expect(answer.body).toContain('"fileName":"a.pdf"');
    expect(receiver.handedOver).toBe(before);
  });

  /**
   * One keep-alive connection, as a browser keeps one: requests go one after another, each written
   * in the pieces given (a pause between them), and each answer is read whole before the next.
   */
  function keepAliveConnection() {
    const socket = net.connect(Number(new URL(shop.url).port), '127.0.0.1');
    let received = Buffer.alloc(0);
    let waiting: (() => void) | null = null;
    socket.on('data', (d: Buffer) => {
      received = Buffer.concat([received, d]);
      waiting?.();
    });
    const opened = new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    /** The next whole answer (every answer of the shop's has a Content-Length). */
    const answer = async (): Promise<{ status: number; headers: string; body: string }> => {
      for (;;) {
        const end = received.indexOf('\r\n\r\n');
        if (end >= 0) {
          const headers = received.subarray(0, end).toString('latin1');
          const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headers)?.[1] ?? 0);
          if (received.length >= end + 4 + length) {
            const body = received.subarray(end + 4, end + 4 + length).toString();
            received = received.subarray(end + 4 + length);
            return { status: Number(headers.slice(9, 12)), headers, body };
          }
        }
        if (socket.destroyed) throw new Error('the connection closed before the answer was whole');
        await new Promise<void>((resolve) => (waiting = resolve));
      }
    };
    return {
      async send(pieces: Buffer[]) {
        await opened;
        for (const [i, piece] of pieces.entries()) {
          if (i > 0) await new Promise((resolve) => setTimeout(resolve, 150));
          socket.write(piece);
        }
        return answer();
      },
      get: (path: string, cookie = '') => Buffer.from(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}\r\n`),
      close: () => socket.destroy(),
    };
  }

  it('takes an upload sent on a keep-alive connection that other requests came on, and answers the rest of it', async () => {
    const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    for (const split of ['with the head', 'after the head'] as const) {
      const connection = keepAliveConnection();
      const before = receiver.handedOver;
      const beforeMid = receiver.handedOverMidConnection;
      expect((await connection.send([connection.get('/api/health')])).status).toBe(200);
      const bytes = drawingBytes(2 * 1024 * 1024 + 777);
      const { head, body } = uploadRequest(bytes);
      // The body's first 20 KB come in the same write as the head (and are read here), or none do.
      const pieces = split === 'with the head' ? [Buffer.concat([head, body.subarray(0, 20_000)]), body.subarray(20_000)] : [head, body];
      const uploaded = await connection.send(pieces);
      expect(uploaded.status, split).toBe(202);
      const { uploadId, fileSize } = JSON.parse(uploaded.body);
      expect(fileSize).toBe(bytes.length);
      expect(await storedDigest(uploadId), split).toBe(digest(bytes));
      expect(receiver.handedOver, split).toBe(before + 1);
      expect(receiver.handedOverMidConnection, split).toBe(beforeMid + 1);
      // The connection goes on, now the receiver's, with the session the upload started.
      const cookie = [...uploaded.headers.matchAll(/\r\nset-cookie: *([^;\r]+)/gi)].map((m) => m[1]).join('; ');
      const polled = await connection.send([connection.get(`/api/uploads/${uploadId}`, cookie)]);
      expect(polled.status).toBe(200);
      expect(JSON.parse(polled.body).uploadId).toBe(uploadId);
      connection.close();
    }
  });

  it('takes uploads on many warm keep-alive connections at once, every byte', async () => {
    const before = receiver.handedOver;
    const connections = Array.from({ length: 8 }, () => keepAliveConnection());
    await Promise.all(connections.map(async (c) => expect((await c.send([c.get('/api/health')])).status).toBe(200)));
    const files = connections.map(() => drawingBytes(1024 * 1024 + 4321));
    const answers = await Promise.all(
      connections.map((c, i) => {
        const { head, body } = uploadRequest(files[i]);
        return c.send([Buffer.concat([head, body.subarray(0, 9_000)]), body.subarray(9_000)]);
      }),
    );
    for (const [i, answer] of answers.entries()) {
      expect(answer.status).toBe(202);
      expect(await storedDigest(JSON.parse(answer.body).uploadId)).toBe(createHash('sha256').update(files[i]).digest('hex'));
    }
    expect(receiver.handedOver).toBe(before + connections.length);
    for (const c of connections) c.close();
  });

  it('answers a bad upload on a warm keep-alive connection as the shop always does, and keeps nothing of it', async () => {
    const before = receiver.handedOver;
    const warm = async () => {
      const connection = keepAliveConnection();
      expect((await connection.send([connection.get('/api/health')])).status).toBe(200);
      return connection;
    };
    const counted = (type: string, body: Buffer) =>
      Buffer.concat([Buffer.from(`POST /api/upload-pdf HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`), body]);

    const plain = await warm();
    const notForm = await plain.send([
      counted('text/plain', Buffer.alloc(200_000, 0x78)).subarray(0, 30_000),
      counted('text/plain', Buffer.alloc(200_000, 0x78)).subarray(30_000),
    ]);
    expect(notForm.status).toBe(400);
    expect(JSON.parse(notForm.body).message).toContain('multipart/form-data');
    plain.close();

    const text = await warm();
    const { head, body } = uploadRequest(Buffer.alloc(300_000, 0x41)); // a "PDF" of letters
    const notPdf = await text.send([Buffer.concat([head, body.subarray(0, 5_000)]), body.subarray(5_000)]);
    expect(notPdf.status).toBe(415);
    expect(JSON.parse(notPdf.body).message).toBe('This file is not a PDF. Please upload a PDF file only.');
    text.close();

    // Cut off half-way: nothing is stored, and the shop answers the next customer.
    const cut = await warm();
    const started = await shop.sql<{ n: number }[]>`select count(*)::int as n from uploads`;
    const half = uploadRequest(drawingBytes(400_000));
    void cut.send([Buffer.concat([half.head, half.body.subarray(0, 100_000)])]).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    cut.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await shop.sql<{ n: number }[]>`select count(*)::int as n from uploads`;
    expect(after[0].n).toBe(started[0].n);
    expect(receiver.handedOver).toBe(before + 3);
    expect((await fetch(`${shop.url}/api/health`)).status).toBe(200);
  });

  it('serves here an upload on a keep-alive connection whose body came whole, or chunked, and goes on serving it', async () => {
    const connection = keepAliveConnection();
    const before = receiver.handedOver;
    expect((await connection.send([connection.get('/api/health')])).status).toBe(200);
    const small = uploadRequest(Buffer.from('%PDF-1.4 one sheet'));
    expect((await connection.send([Buffer.concat([small.head, small.body])])).status).toBe(202);
    const bytes = drawingBytes(300 * 1024);
    const chunked = uploadRequest(bytes, { encoding: 'chunked' });
    const answered = await connection.send([chunked.head, chunked.body]);
    expect(answered.status).toBe(202);
    expect(await storedDigest(JSON.parse(answered.body).uploadId)).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect((await connection.send([connection.get('/api/health')])).status).toBe(200);
    expect(receiver.handedOver).toBe(before);
    connection.close();
  });

  it('is started again when it dies, and the web process takes uploads in meanwhile', async () => {
    const first = receiver.pid!;
    expect(fs.existsSync(receiverSocketFile(first))).toBe(true);
    process.kill(first, 'SIGKILL');
    await expect.poll(() => receiver.pid, { timeout: 5_000 }).toBeNull();
    expect(fs.existsSync(receiverSocketFile(first))).toBe(false); // the web process cleared what it left
    const handed = receiver.handedOver;
    const bytes = drawingBytes(256 * 1024);
    const meanwhile = await upload(shop.client(), bytes);
    expect(meanwhile.status).toBe(202);
    expect(await storedDigest(meanwhile.body.uploadId)).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(receiver.handedOver).toBe(handed);

    await receiver.ready();
    expect(receiver.pid).not.toBeNull();
    expect(receiver.pid).not.toBe(first);
    const after = await uploadOnNewConnection(bytes);
    expect(after.status).toBe(202);
    expect(receiver.handedOver).toBe(handed + 1);
  }, 60_000);

  it('finishes the uploads it has when it is stopped', async () => {
    await receiver.ready();
    const handed = receiver.handedOver;
    const bytes = drawingBytes(512 * 1024);
    let closed: Promise<void> | null = null;
    // Half the upload is in when the receiver is told to stop; the rest comes after.
    const answer = await uploadOnNewConnection(bytes, 300 * 1024, () => (closed = receiver.close()));
    expect(receiver.handedOver).toBe(handed + 1);
    expect(answer.status).toBe(202);
    expect(await storedDigest(JSON.parse(answer.body).uploadId)).toBe(createHash('sha256').update(bytes).digest('hex'));
    await closed;
    expect(receiver.pid).toBeNull();
  }, 60_000);
});
