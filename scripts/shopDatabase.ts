/** The embedded PostgreSQL of `npm start` and `npm run dev`, one database per project folder. */
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres';
import { dataPlaceNotice } from './startMessages';

/**
 * The shop's own cluster for `npm start` and `npm run dev`: DATA_DIR/pg, or wherever this clone's
 * data was put the first time. Says where at every start.
 */
export async function startShopPostgres(dataRoot: string, say: (line: string) => void, extraDatabases: string[] = []): Promise<EmbeddedDatabase> {
  const db = await startEmbeddedPostgres({ dataDir: path.join(dataRoot, 'pg'), database: 'blueprint_shop', extraDatabases });
  say(dataPlaceNotice(db.place));
  return db;
}
