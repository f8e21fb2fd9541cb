/**
 * The `web` process: the API and the built client on PORT. Run it alone (Procfile `web`) or through
 * `npm start`, which also runs the worker and, without DATABASE_URL, an embedded PostgreSQL. Unless
 * UPLOAD_RECEIVER is `inline`, it forks an upload receiver (this same file, with
 * RECEIVER_ROLE_VARIABLE set) that takes the uploads in (./uploadReceiver.ts).
 */
import { exitWithParent, installProcessGuards } from './core/lib/processGuards';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { loadEnvOrExit } from './core/config';
import { makeApp } from './app';
import { createContext, type AppContext } from './core/context';
import { frontUploadReceiver, receiveUploads, RECEIVER_ROLE_VARIABLE, type UploadReceiver } from './uploadReceiver';

export type RunningWeb = {
  server: Server;
  port: number;
  /** Where it listens, as a person reads it: `127.0.0.1:5000`, `[::]:5000 (every interface)`. */
  address: string;
  receiver: UploadReceiver | null;
  close(): Promise<void>;
};

export type WebOptions = {
  /** Fork an upload receiver that builds its own context from this environment (see ./uploadReceiver.ts). */
  receiverEnv?: Record<string, string | undefined>;
};

/** This file: the receiver runs it again. */
const ENTRY = fileURLToPath(import.meta.url);

/** The app on a server with the shop's timeouts: slow clients must not hold uploads open forever. */
function createServer(ctx: AppContext): Server {
  const server = http.createServer(makeApp(ctx));
  server.requestTimeout = 10 * 60_000;
  server.headersTimeout = 30_000;
  return server;
}

/** A listening address as a person reads it; the unspecified address means every interface. */
export function describeAddress(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const every = address.address === '::' || address.address === '0.0.0.0';
  return `${host}:${address.port}${every ? ' (every interface)' : ''}`;
}

/** Listens on `port` (0 for any free port) at HOST (unset: every interface) and resolves once accepting connections. */
export async function startWeb(ctx: AppContext, port = ctx.env.PORT, options: WebOptions = {}): Promise<RunningWeb> {
  const server = createServer(ctx);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, ctx.env.HOST, () => resolve());
  });
  const receiver = options.receiverEnv ? frontUploadReceiver(server, { entry: ENTRY, env: options.receiverEnv, log: ctx.log.child('uploads') }) : null;
  const address = server.address() as AddressInfo;
  return {
    server,
    port: address.port,
    address: describeAddress(address),
    receiver,
    close: async () => {
      await Promise.all([
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        }),
        receiver?.close(),
      ]);
    },
  };
}

/** The environment a receiver of this web process gets, or none when UPLOAD_RECEIVER is `inline`. */
export function receiverEnvFor(ctx: AppContext): Record<string, string | undefined> | undefined {
  if (ctx.env.UPLOAD_RECEIVER === 'inline') return undefined;
  return { ...process.env, DATABASE_URL: ctx.env.DATABASE_URL, PORT: String(ctx.env.PORT), APP_URL: ctx.env.APP_URL };
}

async function main() {
  const env = loadEnvOrExit();
  const ctx = await createContext(env);
  installProcessGuards(ctx.log);
  const web = await startWeb(ctx, ctx.env.PORT, { receiverEnv: receiverEnvFor(ctx) });
  ctx.log.info(`Blueprint Shop API listening on ${web.address}`);
  const stop = async () => {
    await web.close();
    await ctx.sql.end({ timeout: 5 });
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** The upload receiver: the same app, serving the connections the web process hands over. */
async function receiverMain() {
  // A SIGKILLed web process cannot stop its receiver: uploads under way get a little time, then it goes too.
  exitWithParent({ graceMs: 30_000 });
  const env = loadEnvOrExit();
  const ctx = await createContext(env);
  installProcessGuards(ctx.log);
  const receiving = await receiveUploads(createServer(ctx), ctx.log.child('uploads'));
  const stop = async () => {
    await receiving.close();
    await ctx.sql.end({ timeout: 5 });
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', () => {}); // Ctrl-C reaches the whole group: the web process decides.
}

if (import.meta.url === `file://${process.argv[1]}`) void (process.env[RECEIVER_ROLE_VARIABLE] ? receiverMain() : main());
