/** What the benchmark scripts share: a free port, waiting for a server, a streamed upload, a median. */
import { randomBytes } from 'node:crypto';
import net from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers `ok(status)` (any status below 500 by default); throws after ~30 s. */
export async function waitForServer(url: string, ok: (status: number) => boolean = (status) => status < 500): Promise<void> {
  for (let i = 0; i <= 300; i++) {
    const answered = await fetch(url).then(
      (r) => ok(r.status),
      () => false,
    );
    if (answered) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * One multipart upload of `bytes` to POST /api/upload-pdf whose body is produced 64 kB at a time (the
 * client holds no 50 MB buffer). Resolves with the status and the JSON answer.
 */
export async function streamedUpload(base: string, bytes: number): Promise<{ status: number; body: { uploadId?: string } }> {
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="pdf"; filename="Set.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = head.length;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    pull(controller) {
      if (sent >= bytes) {
        controller.enqueue(tail);
        return controller.close();
      }
      const n = Math.min(chunk.length, bytes - sent);
      sent += n;
      controller.enqueue(chunk.subarray(0, n));
    },
  });
  const res = await fetch(`${base}/api/upload-pdf`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit);
  return { status: res.status, body: (await res.json().catch(() => ({}))) as { uploadId?: string } };
}

/** The middle value (the upper one of the two middles for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
