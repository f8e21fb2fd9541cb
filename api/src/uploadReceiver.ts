/**
 * Upload bytes off the API's event loop, so other requests never wait behind them. The web process forks one upload receiver: the
 * same app in a process of its own. An upload (`POST /api/upload-pdf`) is handed over, socket and
 * all, to the receiver; every other request is served here as before. Fifty-megabyte bodies then
 * go through the receiver's parser, hash and file writes, and the API's own requests never queue
 * behind them.
 *
 * Two ways in. A new connection is read up to its first request line here, before Node's HTTP
 * parser sees it, and handed over whole when it opens with an upload. An upload sent on a keep-alive
 * connection that has already carried other requests (what a browser does after loading the page)
 * is handed over when its head has been parsed: the socket stops reading, Node's parser lets go of
 * it as it does for an `Upgrade`, and the receiver gets the head written out again with the body
 * bytes already read.
 *
 * The receiver runs the whole app, so anything else the client sends on a handed-over keep-alive
 * connection is answered exactly as here. While it is not up (starting, or restarting after it died)
 * uploads are served here: nothing is refused for want of it. Node cannot pass an accepted socket to
 * a worker thread, only to another process, hence a process.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'node:net';
import { UPLOAD_PDF_PATH } from '../../shared/sheets';
import type { Logger } from './core/lib/logger';

/** The environment variable that makes the web entry run as the receiver. */
export const RECEIVER_ROLE_VARIABLE = 'BLUEPRINT_UPLOAD_RECEIVER';
/** How much of a connection's first chunk is looked at for its request line. */
const REQUEST_LINE_BYTES = 2048;
/** How often a stopping receiver looks whether its last connections have closed. */
const DRAIN_POLL_MS = 100;
/** The receiver's nice value (the web process keeps 0). */
const RECEIVER_NICENESS = 10;
/** After the receiver dies, how long before it is started again. */
const RESTART_DELAY_MS = 1000;

type HandOver = { kind: 'connection'; head: string };
type ReceiverMessage = { kind: 'ready' };

/** Whether a request line's target is the upload (`/api/upload-pdf`, any query string). */
function isUploadTarget(method: string | undefined, target: string): boolean {
  return method === 'POST' && target.startsWith(UPLOAD_PDF_PATH) && (target.length === UPLOAD_PDF_PATH.length || target[UPLOAD_PDF_PATH.length] === '?');
}

/** Whether a connection's first bytes open an upload (`POST /api/upload-pdf`, any query string). */
export function opensUpload(head: Buffer): boolean {
  const line = head.subarray(0, Math.min(head.length, REQUEST_LINE_BYTES)).toString('latin1');
  const [method, target, rest] = line.split(' ', 3);
  // The target must be whole: a space after it says so (a chunk that ends inside it does not).
  return rest !== undefined && isUploadTarget(method, target);
}

/** The socket's own read loop: Node's `pause()` only stops the stream, not the reads under it. */
type ReadingHandle = { reading: boolean; readStop(): number; readStart(): number };

function handleOf(socket: Socket): ReadingHandle | null {
  return (socket as unknown as { _handle?: ReadingHandle | null })._handle ?? null;
}

/** Stops (or starts again) the reads under a socket, keeping Node's `reading` flag true to them. */
function setReading(socket: Socket, reading: boolean): void {
  const handle = handleOf(socket);
  if (!handle || handle.reading === reading) return;
  handle.reading = reading;
  if (reading) handle.readStart();
  else handle.readStop();
}

/**
 * Stops a socket that is about to go to another process from ever reading here again. A handle
 * sent to a child waits in Node's queue until the child has acknowledged the one before; meanwhile
 * the stream would start reading again by itself (after a `data` event it asks for more on the next
 * tick) and the bytes it read would stay behind in this process: 64 KB missing from the middle of an
 * upload, seen whenever several uploads started at once. So: stop the handle, and give the stream
 * nothing to restart it with.
 */
function stopReading(socket: Socket): void {
  (socket as unknown as { _read: () => void })._read = () => {};
  setReading(socket, false);
}

/**
 * Takes a socket out of the server's count before it goes to the receiver, as Node would, but
 * without Node's per-child socket list: `server.close()` asks every child on that list to drain,
 * and once a child that held sockets has died, it waits for good (net.Server keeps polling a list
 * that is gone). Connections handed over are the receiver's to drain when it stops.
 */
function forget(server: Server, socket: Socket): void {
  const counted = server as unknown as { _connections: number };
  const owned = socket as unknown as { server: Server | null; _server: Server | null };
  owned.server = null;
  owned._server = null;
  counted._connections -= 1;
}

/**
 * What a request hand-over touches of Node's HTTP server (Node 20; the receiver tests exercise each):
 * the server's backpressure flag and the socket's parser, which is let go of with Node's own
 * `freeParser`, as Node does when a request asks for an `Upgrade`.
 */
type ParsedSocket = Socket & {
  parser: { incoming: IncomingMessage | null; resume(): void } | null;
  _paused: boolean;
  _httpMessage: ServerResponse | null;
};
const { freeParser } = createRequire(import.meta.url)('_http_common') as {
  freeParser(parser: unknown, req: IncomingMessage | null, socket: Socket): void;
};

/** Stops a served socket's reads the way Node's HTTP server does when its writes back up. */
function holdReads(socket: ParsedSocket): void {
  socket._paused = true; // Node's server pauses its parser too once the current chunk is parsed
  socket.pause();
  setReading(socket, false);
}

/** Undoes holdReads, as Node's server does once its writes have drained. */
function releaseReads(socket: ParsedSocket): void {
  socket._paused = false;
  socket.parser?.resume();
  socket.resume();
  setReading(socket, true);
}

/** The request's head as it came, for the receiver's parser to read again. */
function writtenHead(req: IncomingMessage): Buffer {
  const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
  for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

/**
 * Whether an upload that arrived on a connection already being served here may be handed over:
 * its body is counted (a chunked one comes out of the parser decoded, and could not be replayed),
 * nothing asked for `100 Continue` (already answered here), and nothing else is owed on the
 * connection (no response before it still being written).
 */
function mayHandOverMidConnection(req: IncomingMessage, res: ServerResponse): boolean {
  const socket = req.socket as ParsedSocket;
  return (
    isUploadTarget(req.method, req.url ?? '') &&
    req.headers['content-length'] !== undefined &&
    req.headers['transfer-encoding'] === undefined &&
    req.headers.expect === undefined &&
    socket._httpMessage === res &&
    socket.writableLength === 0 &&
    !socket._paused &&
    socket.parser?.incoming === req
  );
}

export type UploadReceiverOptions = {
  /** The web entry to fork (api/src/server.ts, or dist/server/web.js in the build). */
  entry: string;
  /** The receiver's environment: it builds its own context from it, as the web process did. */
  env: Record<string, string | undefined>;
  log: Logger;
};

export type UploadReceiver = {
  /** Connections handed to the receiver so far. */
  readonly handedOver: number;
  /** Of those, the ones handed over after other requests on them (an upload on a warm keep-alive connection). */
  readonly handedOverMidConnection: number;
  /** The receiver's process id while it is up. */
  readonly pid: number | null;
  /** Resolves once the receiver takes connections (uploads are served here until then). */
  ready(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Puts itself in front of `server`'s own connection handling (the server keeps listening, tracking
 * connections and enforcing its timeouts) and starts the receiver.
 */
export function frontUploadReceiver(server: Server, options: UploadReceiverOptions): UploadReceiver {
  const serveHere = server.listeners('connection')[0] as (socket: Socket) => void;
  server.removeListener('connection', serveHere);
  // Each new socket starts paused, so its first chunk can be looked at before anyone reads on.
  (server as unknown as { pauseOnConnect: boolean }).pauseOnConnect = true;

  let child: ChildProcess | null = null;
  let up = false;
  let closing = false;
  let handedOver = 0;
  let handedOverMidConnection = 0;
  let restartTimer: NodeJS.Timeout | null = null;
  let whenReady!: () => void;
  let readyOnce = new Promise<void>((resolve) => (whenReady = resolve));

  const serve = (socket: Socket, head: Buffer | null) => {
    if (head) socket.unshift(head);
    serveHere.call(server, socket);
    socket.resume();
  };

  const serveRequest = server.listeners('request')[0] as (req: IncomingMessage, res: ServerResponse) => void;
  server.removeListener('request', serveRequest);

  const handOver = (socket: Socket, head: Buffer) => {
    stopReading(socket);
    forget(server, socket);
    const message: HandOver = { kind: 'connection', head: head.toString('base64') };
    child!.send(message, socket, (error) => {
      if (error) {
        options.log.warn(`could not hand an upload to the receiver: ${error.message}`);
        socket.destroy();
      }
    });
    handedOver += 1;
  };

  // An upload on a connection served here: its head has just been parsed, and the parser goes on
  // to push whatever of the body came in the same chunk. The socket reads no more, and once the
  // chunk is through, the request is either handed over with the body read so far, or, when there
  // is nothing to gain (the whole body is in) or no one to take it, served here as it would have been.
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!up || !mayHandOverMidConnection(req, res)) return serveRequest.call(server, req, res);
    const socket = req.socket as ParsedSocket;
    holdReads(socket);
    setImmediate(() => {
      if (!up || !child?.connected || req.complete || socket.destroyed || !handleOf(socket) || socket.parser?.incoming !== req) {
        releaseReads(socket);
        return serveRequest.call(server, req, res);
      }
      const bodySoFar = (req.read() as Buffer | null) ?? Buffer.alloc(0); // reads nothing more: the socket is held
      for (const event of ['data', 'end', 'close', 'drain', 'error', 'timeout', 'pause', 'resume']) socket.removeAllListeners(event);
      freeParser(socket.parser, req, socket);
      res.detachSocket(socket);
      socket.on('error', () => socket.destroy());
      handOver(socket, Buffer.concat([writtenHead(req), bodySoFar]));
      handedOverMidConnection += 1;
    });
  });

  server.on('connection', (socket: Socket) => {
    // A connection that says nothing is closed as the server would close one without headers.
    socket.setTimeout(server.headersTimeout, () => socket.destroy());
    const onData = (head: Buffer) => {
      socket.removeListener('data', onData);
      socket.pause();
      socket.setTimeout(0);
      if (!up || !child?.connected || !opensUpload(head)) return serve(socket, head);
      handOver(socket, head);
    };
    socket.on('data', onData);
    socket.on('error', () => socket.destroy());
    socket.resume(); // it was created paused (pauseOnConnect): a listener alone does not start it
  });

  const start = () => {
    const isSource = options.entry.endsWith('.ts');
    const started = fork(options.entry, [], {
      env: { ...options.env, [RECEIVER_ROLE_VARIABLE]: '1' },
      execArgv: isSource ? ['--import', 'tsx'] : [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = started;
    // Below the web process in the CPU queue: when the cores are busy, the API answers first.
    try {
      if (started.pid) os.setPriority(started.pid, RECEIVER_NICENESS);
    } catch (error) {
      options.log.warn(`could not lower the upload receiver's priority: ${(error as Error).message}`);
    }
    started.on('message', (message: ReceiverMessage) => {
      if (message?.kind !== 'ready' || child !== started) return;
      up = true;
      whenReady();
    });
    started.on('exit', (code, signal) => {
      // A receiver that was killed outright left its socket file behind.
      if (started.pid) fs.rmSync(receiverSocketFile(started.pid), { force: true });
      if (child !== started) return;
      up = false;
      child = null;
      if (closing) return;
      options.log.warn(`the upload receiver stopped (${signal ?? `exit ${code}`}); uploads are served by the web process until it is back`);
      readyOnce = new Promise<void>((resolve) => (whenReady = resolve));
      restartTimer = setTimeout(start, RESTART_DELAY_MS);
      restartTimer.unref();
    });
  };
  start();

  return {
    get handedOver() {
      return handedOver;
    },
    get handedOverMidConnection() {
      return handedOverMidConnection;
    },
    get pid() {
      return up ? (child?.pid ?? null) : null;
    },
    ready: () => readyOnce,
    async close() {
      closing = true;
      if (restartTimer) clearTimeout(restartTimer);
      const running = child;
      if (!running || running.exitCode !== null) return;
      // SIGTERM: the receiver finishes the uploads it has, then exits.
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGTERM');
      });
    },
  };
}

/** The socket file a receiver listens on: once it is there, the receiver takes connections. */
export function receiverSocketFile(receiverPid: number): string {
  return path.join(os.tmpdir(), `bp-uploads-${receiverPid}.sock`);
}

/**
 * The receiver's side: `server` listens on a socket file of its own (so Node tracks its connections
 * and enforces its timeouts) and serves every connection the web process hands over. `close()`
 * lets the uploads under way finish: it resolves once every handed-over connection has closed.
 */
export async function receiveUploads(server: Server, log: Logger): Promise<{ close(): Promise<void> }> {
  const socketFile = receiverSocketFile(process.pid);
  fs.rmSync(socketFile, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketFile, () => resolve());
  });
  // Handed-over connections are not the listening server's own, so its close() does not wait for them.
  const open = new Set<Socket>();
  process.on('message', (message: HandOver, socket?: Socket) => {
    if (message?.kind !== 'connection' || !socket) return;
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    socket.unshift(Buffer.from(message.head, 'base64'));
    server.emit('connection', socket);
  });
  // The web process went away: nobody will hand anything over again.
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  process.send?.({ kind: 'ready' } satisfies ReceiverMessage);
  log.info('upload receiver ready');
  return {
    async close() {
      server.close();
      fs.rmSync(socketFile, { force: true });
      // Idle keep-alive connections are closed at once; one with an upload under way when it is done.
      while (open.size > 0) {
        server.closeIdleConnections();
        await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
      }
    },
  };
}
