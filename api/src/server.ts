/**
 * The `web` process: the API and the built client on PORT. Run it alone (Procfile `web`) or through
 * `npm start`, which also runs the worker and, without DATABASE_URL, an embedded PostgreSQL.
 */
import { installProcessGuards } from './core/lib/processGuards';
import http, { type Server } from 'node:http';
import { loadEnvOrExit } from './core/config';
import { makeApp } from './app';
import { createContext, type AppContext } from './core/context';

export type RunningWeb = { server: Server; port: number; close(): Promise<void> };

/** The app on a server with the shop's timeouts: slow clients must not hold uploads open forever. */
function createServer(ctx: AppContext): Server {
  const server = http.createServer(makeApp(ctx));
  server.requestTimeout = 10 * 60_000;
  server.headersTimeout = 30_000;
  return server;
}

/** Listens on `port` (0 for any free port) and resolves once accepting connections. */
export async function startWeb(ctx: AppContext, port = ctx.env.PORT): Promise<RunningWeb> {
  const server = createServer(ctx);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    server,
    port: actualPort,
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
  ctx.log.info(`Blueprint Shop API listening on http://localhost:${web.port}`);
  const stop = async () => {
    await web.close();
    await ctx.sql.end({ timeout: 5 });
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
