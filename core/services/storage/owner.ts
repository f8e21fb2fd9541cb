/**
 * Which database a file store belongs to. The store records the id of its database (the one row of
 * `database_identity`, made by the migrations) the first time a worker starts on it, and whatever
 * deletes files because no row names them (the orphan sweep) checks that record first: a shop
 * restarted on a new, empty database, or pointed at another one, sees none of the store's rows and
 * would otherwise take every folder for an orphan.
 */
import type { Readable } from 'node:stream';
import type { Sql } from '../../lib/db';
import { storeOwnerKey } from './keys';
import { StorageNotFoundError, type Storage } from './types';

/** Upload ids looked up in the database at once. */
const BATCH = 500;

export type StoreOwnership = { ok: true; databaseId: string } | { ok: false; reason: string };

/** This database's id, or null when the migrations have not made it yet. */
async function databaseId(sql: Sql): Promise<string | null> {
  const [table] = await sql<{ name: string | null }[]>`select to_regclass('database_identity')::text as name`;
  if (!table?.name) return null;
  const [row] = await sql<{ id: string }[]>`select id from database_identity`;
  return row?.id ?? null;
}

async function readText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The database id the store records, or null when it records none. */
async function recordedOwner(storage: Storage): Promise<string | null> {
  try {
    return (await readText(await storage.get(storeOwnerKey))).trim() || null;
  } catch (error) {
    if (error instanceof StorageNotFoundError) return null;
    throw error;
  }
}

/**
 * True when the store holds no upload folder, or the database names at least one of them: then the
 * store is this database's (a store from before the record, or a first start). Upload folders none
 * of which this database knows belong to another one.
 */
async function storeLooksOurs(sql: Sql, storage: Storage): Promise<boolean> {
  let batch: string[] = [];
  const anyKnown = async () => {
    const ids = batch;
    batch = [];
    const [known] = await sql<{ n: number }[]>`
      select count(*)::int as n from (
        select id from uploads where id::text = any(${ids}::text[])
        union all select id from upload_intents where id::text = any(${ids}::text[])) known`;
    return (known?.n ?? 0) > 0;
  };
  let folders = 0;
  for await (const name of storage.listFolders('uploads/')) {
    folders += 1;
    batch.push(name);
    if (batch.length >= BATCH && (await anyKnown())) return true;
  }
  if (batch.length > 0 && (await anyKnown())) return true;
  return folders === 0;
}

/**
 * Whether `storage` belongs to the database `sql` is connected to. A store that records no database
 * yet is claimed for this one when it is empty or this database names one of its upload folders.
 */
export async function checkStoreOwner(sql: Sql, storage: Storage): Promise<StoreOwnership> {
  const id = await databaseId(sql);
  if (!id) return { ok: false, reason: 'the database has no identity yet (database_identity: run the migrations)' };
  const owner = await recordedOwner(storage);
  if (owner === id) return { ok: true, databaseId: id };
  if (owner) {
    return {
      ok: false,
      reason: `the file store belongs to database ${owner}, not to this one (${id}): the shop is on another database than the one whose files these are. Point it at that database, or delete ${storeOwnerKey} from the store if its files are no longer wanted`,
    };
  }
  if (!(await storeLooksOurs(sql, storage))) {
    return {
      ok: false,
      reason: `the file store records no database and this one (${id}) names none of its upload folders: they belong to another database. Point the shop at that database, or write ${id} into ${storeOwnerKey} in the store if its files are no longer wanted`,
    };
  }
  await storage.put(storeOwnerKey, Buffer.from(`${id}\n`), { contentType: 'text/plain' });
  return { ok: true, databaseId: id };
}
