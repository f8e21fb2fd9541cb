/**
 * The `web` process: the API and the built client on PORT. Run it alone (Procfile `web`) or through
 * `npm start`, which also runs the worker and, without DATABASE_URL, an embedded PostgreSQL. Unless
 * UPLOAD_RECEIVER is `inline`, it forks an upload receiver (this same file, with
 * RECEIVER_ROLE_VARIABLE set) that takes the uploads in (./uploadReceiver.ts).
 */
import { installProcessGuards } from './core/lib/processGuards';
import http, { type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { loadEnvOrExit } from './core/config';
import { makeApp } from './app';
import { createContext, type AppContext } from './core/context';
import { frontUploadReceiver, receiveUploads, RECEIVER_ROLE_VARIABLE, type UploadReceiver } from './uploadReceiver';

export type RunningWeb = { server: Server; port: number; receiver: UploadReceiver | null; close(): Promise<void> };

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

/** Listens on `port` (0 for any free port) and resolves once accepting connections. */
export async function startWeb(ctx: AppContext, port = ctx.env.PORT, options: WebOptions = {}): Promise<RunningWeb> {
  const server = createServer(ctx);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve());
  });
  const receiver = options.receiverEnv ? frontUploadReceiver(server, { entry: ENTRY, env: options.receiverEnv, log: ctx.log.child('uploads') }) : null;
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    server,
    port: actualPort,
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
  ctx.log.info(`Blueprint Shop API listening on http://localhost:${web.port}`);
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
