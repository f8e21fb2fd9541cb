/**
 * SHA-256 of an upload's bytes, computed in one shared worker thread. Hashing on the event loop cost
 * about 0.7 ms per MB: with four 50 MB uploads arriving at once, a sixth of the main thread, and
 * every other request waited behind it (issue 16). Here the main thread only gathers the chunks into
 * 1 MB blocks (one copy) and hands each block over without a second copy (transfer).
 */
import { Worker } from 'node:worker_threads';

/** Plain JavaScript, so it runs the same under tsx, from a build, and without any loader. */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const hashes = new Map();
parentPort.on('message', (m) => {
  if (m.op === 'update') {
    let h = hashes.get(m.id);
    if (!h) hashes.set(m.id, (h = createHash('sha256')));
    h.update(new Uint8Array(m.data));
  } else if (m.op === 'digest') {
    const h = hashes.get(m.id) ?? createHash('sha256');
    hashes.delete(m.id);
    parentPort.postMessage({ id: m.id, hex: h.digest('hex') });
  } else if (m.op === 'drop') {
    hashes.delete(m.id);
  }
});
`;

const BLOCK = 1024 * 1024;

type Waiter = { resolve(hex: string): void; reject(error: Error): void };
let worker: Worker | null = null;
const waiting = new Map<number, Waiter>();
let nextId = 1;

function hashWorker(): Worker {
  if (worker) return worker;
  // No execArgv: the thread needs no TypeScript loader, and loading one would cost it tens of MB.
  const w = new Worker(WORKER_SOURCE, { eval: true, execArgv: [] });
  w.unref();
  w.on('message', (m: { id: number; hex: string }) => {
    waiting.get(m.id)?.resolve(m.hex);
    waiting.delete(m.id);
  });
  const fail = (error: Error) => {
    if (worker === w) worker = null;
    for (const waiter of waiting.values()) waiter.reject(error);
    waiting.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`the hash thread exited (${code})`)));
  worker = w;
  return w;
}

/** Feeds bytes in order with `update`, then `digest` resolves to the hex SHA-256 of all of them. */
export class OffThreadSha256 {
  private readonly id = nextId++;
  private readonly thread = hashWorker();
  private block: Buffer | null = null;
  private filled = 0;
  private finished = false;

  update(chunk: Buffer): void {
    let offset = 0;
    while (offset < chunk.length) {
      this.block ??= Buffer.allocUnsafeSlow(BLOCK);
      const n = chunk.copy(this.block, this.filled, offset);
      this.filled += n;
      offset += n;
      if (this.filled === BLOCK) this.flush();
    }
  }

  private flush(): void {
    if (!this.block || this.filled === 0) return;
    // allocUnsafeSlow gives the block its own ArrayBuffer, so it can be transferred whole.
    const whole = this.block.buffer as ArrayBuffer;
    const data = this.filled === BLOCK ? whole : whole.slice(0, this.filled);
    this.thread.postMessage({ id: this.id, op: 'update', data }, [data]);
    this.block = null;
    this.filled = 0;
  }

  digest(): Promise<string> {
    this.flush();
    this.finished = true;
    return new Promise<string>((resolve, reject) => {
      waiting.set(this.id, { resolve, reject });
      this.thread.postMessage({ id: this.id, op: 'digest' });
    });
  }

  /** Forgets the bytes fed so far (a refused or failed upload). */
  abort(): void {
    if (this.finished) return;
    this.finished = true;
    this.block = null;
    this.thread.postMessage({ id: this.id, op: 'drop' });
  }
}
