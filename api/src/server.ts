/**
 * The `web` process: the API and the built client on PORT. Run it alone (Procfile `web`) or through
 * `npm start`, which also runs the worker and, without DATABASE_URL, an embedded PostgreSQL.
 */
import { installProcessGuards } from '#core/lib/processGuards';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadEnvOrExit } from '#core/config';
import { makeApp, type MakeAppOptions } from './app';
import { answerUnreadableRequest } from './http/unreadableRequest';
import { createContext, type AppContext } from '#core/context';

export type RunningWeb = {
  server: Server;
  port: number;
  /** Where it listens, as a person reads it: `127.0.0.1:5000`, `[::]:5000 (every interface)`. */
  address: string;
  close(): Promise<void>;
};

/** The app on a server with the shop's timeouts: slow clients must not hold uploads open forever. */
function createServer(ctx: AppContext, options: MakeAppOptions): Server {
  const server = http.createServer(makeApp(ctx, options));
  server.requestTimeout = 10 * 60_000;
  server.headersTimeout = 30_000;
  server.on('clientError', answerUnreadableRequest);
  return server;
}

/** A listening address as a person reads it; the unspecified address means every interface. */
export function describeAddress(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const every = address.address === '::' || address.address === '0.0.0.0';
  return `${host}:${address.port}${every ? ' (every interface)' : ''}`;
}

/** Listens on `port` (0 for any free port) at HOST (unset: every interface) and resolves once accepting connections. */
export async function startWeb(ctx: AppContext, port = ctx.env.PORT, options: MakeAppOptions = {}): Promise<RunningWeb> {
  const server = createServer(ctx, options);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, ctx.env.HOST, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    server,
    port: address.port,
    address: describeAddress(address),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

async function main() {
  const env = loadEnvOrExit();
  const ctx = await createContext(env);
  installProcessGuards(ctx.log);
  const web = await startWeb(ctx, ctx.env.PORT);
  ctx.log.info(`Blueprint Shop API listening on ${web.address}`);
  const stop = async () => {
    await web.close();
    await ctx.sql.end({ timeout: 5 });
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
