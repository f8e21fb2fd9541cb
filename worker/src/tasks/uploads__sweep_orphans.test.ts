/**
 * Nothing of a killed or abandoned upload survives the orphan sweep, with local files and with S3
 * (s3rver): a web process SIGKILLed while a request streams an upload in, a folder whose row never
 * came, a presigned upload never completed. What is in use (an upload with its row, a write still
 * going on) stays, and so does everything in a store that belongs to another database than the one
 * the sweep sees.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { startTestS3, type TestS3 } from '#test/helpers/s3rver';
import { freePort } from '#test/helpers/net';
import { makeDrawingPdf } from '#test/helpers/pdf';
import { createTestDatabase } from '#test/helpers/db';
import { storeOwnerKey, uploadFileKey, uploadPrefix, uploadPreviewKey } from '#core/services/storage/keys';
import { LEFTOVER_AGE_MS } from '#core/services/storage/leftovers';
import { sweepUploadOrphans } from './uploads__sweep_orphans';

const REPO = path.resolve(import.meta.dirname, '../../..');

/** A clock past the age at which leftovers are swept. */
const later = () => new Date(Date.now() + LEFTOVER_AGE_MS + 60_000);

async function folders(shop: TestShop): Promise<string[]> {
  const found: string[] = [];
  for await (const id of shop.ctx.storage.listFolders('uploads/')) found.push(id);
  return found.sort();
}

/** The database id the store records, or null. */
async function storeOwner(shop: TestShop): Promise<string | null> {
  if (!(await shop.ctx.storage.stat(storeOwnerKey))) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of await shop.ctx.storage.get(storeOwnerKey)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').trim();
}

/** This shop's database id (database_identity). */
async function databaseId(shop: TestShop): Promise<string> {
  const [row] = await shop.sql<{ id: string }[]>`select id from database_identity`;
  return row!.id;
}

/** An upload folder no row names, written long enough ago for the sweep (as of `later()`). */
async function orphanFolder(shop: TestShop): Promise<string> {
  const id = randomUUID();
  await shop.ctx.storage.put(uploadFileKey(id), Buffer.from('%PDF-1.7 orphan'));
  return id;
}

/** Local storage's writes in progress (none with S3, whose unfinished uploads s3rver cannot list). */
function partialFiles(shop: TestShop): string[] {
  const dir = path.join(shop.dataDir, 'files', '.partial');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** The real web process (api/src/server.ts) as a child, on this shop's database and files. */
async function startWebChild(shop: TestShop, env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: REPO,
    // The API alone (SERVE_CLIENT): this project never builds the client, and health would wait for it.
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'test',
      DATABASE_URL: shop.db.url,
      DATA_DIR: shop.dataDir,
      PORT: String(port),
      LOG_LEVEL: 'silent',
      SERVE_CLIENT: 'false',
    },
    stdio: 'ignore',
  });
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, port };
    if (i > 300 || child.exitCode !== null) throw new Error('the web process did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts streaming a PDF upload of `megabytes` to the child and resolves once `ready()` says the
 * write is under way, leaving the request open (the body never ends).
 */
async function streamUploadUntil(port: number, megabytes: number, ready: (sent: number) => boolean): Promise<http.ClientRequest> {
  const boundary = '----bp-kill-boundary';
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/upload-pdf',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  req.on('error', () => {}); // the server dies under it
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="pdf"; filename="killed.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`);
  const chunk = Buffer.alloc(256 * 1024, 0x20);
  let sent = 0;
  while (sent < megabytes * 1024 * 1024) {
    if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
    sent += chunk.length;
  }
  for (let i = 0; !ready(sent); i++) {
    if (i > 200) throw new Error('the upload never started to be written');
    await new Promise((r) => setTimeout(r, 50));
  }
  return req;
}

describe.each(['local', 's3'] as const)('the orphan sweep with %s storage', (kind) => {
  let s3: TestS3 | null = null;
  let shop: TestShop;
  let web: ChildProcess | null = null;
  beforeAll(async () => {
    s3 = kind === 's3' ? await startTestS3() : null;
  });
  afterAll(async () => {
    await s3?.close();
  });
  shopForFile(
    (s) => (shop = s),
    () => ({ env: s3?.env }),
  );
  afterAll(() => {
    if (web?.exitCode === null) web.kill('SIGKILL');
  });

  it('removes what a web process SIGKILLed mid-upload leaves, once it has been still long enough', async () => {
    const started = await startWebChild(shop, s3?.env ?? {});
    web = started.child;
    // Locally the temp file shows the write; S3 needs a first 5 MB part before anything is sent.
    const req = await streamUploadUntil(started.port, kind === 'local' ? 2 : 8, () =>
      kind === 'local' ? partialFiles(shop).some((name) => fs.statSync(path.join(shop.dataDir, 'files', '.partial', name)).size > 0) : true,
    );
    if (kind === 's3') await new Promise((r) => setTimeout(r, 1000));
    const exited = new Promise((r) => web!.once('exit', r));
    web.kill('SIGKILL');
    await exited;
    req.destroy();
    expect(await shop.sql`select 1 from uploads`).toHaveLength(0);
    if (kind === 'local') expect(partialFiles(shop)).toHaveLength(1);

    // A sweep now leaves it: a write that recent may still be going on.
    await sweepUploadOrphans(shop.ctx);
    if (kind === 'local') expect(partialFiles(shop)).toHaveLength(1);

    const swept = await sweepUploadOrphans(shop.ctx, later());
    if (kind === 'local') expect(swept.unfinished).toBe(1);
    expect(partialFiles(shop)).toEqual([]);
    expect(await folders(shop)).toEqual([]);
  }, 120_000);

  it('removes upload folders no row names, and keeps those with a row and fresh ones', async () => {
    const client = shop.client();
    const form = new FormData();
    form.append('pdf', new Blob([new Uint8Array(await makeDrawingPdf({ pages: 1 }))], { type: 'application/pdf' }), 'kept.pdf');
    const kept = await client.request('POST', '/api/upload-pdf', { body: form });
    expect(kept.status).toBe(202);
    const orphan = randomUUID();
    await shop.ctx.storage.put(uploadFileKey(orphan), Buffer.from('%PDF-1.7 orphan'));
    await shop.ctx.storage.put(uploadPreviewKey(orphan, 1), Buffer.from('png'));
    if (kind === 'local') fs.mkdirSync(path.join(shop.dataDir, 'files', 'uploads', randomUUID())); // an empty folder, as refused uploads used to leave

    const now = await sweepUploadOrphans(shop.ctx);
    expect(now.folders).toBe(0);
    const swept = await sweepUploadOrphans(shop.ctx, later());
    expect(swept.folders).toBe(kind === 'local' ? 2 : 1);
    expect(await folders(shop)).toEqual([kept.body.uploadId]);
    expect(await shop.ctx.storage.stat(uploadFileKey(kept.body.uploadId))).not.toBeNull();
  }, 60_000);

  it('removes a presigned upload never completed, with its object (without S3 there are none to leave)', async () => {
    const client = shop.client();
    const res = await client.post('/api/uploads', { fileName: 'never.pdf', fileSize: 20 });
    if (kind !== 's3') {
      // Local files: the start call sends the browser to the multipart route, and nothing waits.
      expect(res.body.method).toBe('multipart');
      expect((await sweepUploadOrphans(shop.ctx, later())).intents).toBe(0);
      return;
    }
    expect(res.status).toBe(201);
    const { uploadId } = res.body as { uploadId: string };
    await shop.ctx.storage.put(uploadFileKey(uploadId), Buffer.from('%PDF-1.7 never completed'));
    expect((await sweepUploadOrphans(shop.ctx)).intents).toBe(0);
    expect(await folders(shop)).toContain(uploadId);
    const swept = await sweepUploadOrphans(shop.ctx, later());
    expect(swept.intents).toBe(1);
    expect(await folders(shop)).not.toContain(uploadId);
    expect(await shop.sql`select 1 from upload_intents where id = ${uploadId}`).toHaveLength(0);
    expect((await client.post(`/api/uploads/${uploadId}/complete`, {})).status).toBe(404);
  }, 60_000);

  it('deletes nothing when it runs on another database than the one the store belongs to', async () => {
    const orphan = await orphanFolder(shop);
    // The store is this shop's: its first sweep recorded this database (it names the upload kept above).
    expect((await sweepUploadOrphans(shop.ctx)).refused).toBeNull();
    expect(await storeOwner(shop)).toBe(await databaseId(shop));
    const before = await folders(shop);
    expect(before.length).toBeGreaterThan(1);

    // A new database, as a restart on a fresh cluster makes: none of the store's rows are in it.
    const other = await createTestDatabase();
    try {
      await other.sql`update database_identity set id = gen_random_uuid()`;
      const swept = await sweepUploadOrphans({ ...shop.ctx, sql: other.sql }, later());
      expect(swept).toMatchObject({ unfinished: 0, intents: 0, folders: 0 });
      expect(swept.refused).toContain(`the file store belongs to database ${await databaseId(shop)}, not to this one`);
      expect(await folders(shop)).toEqual(before);
    } finally {
      await other.drop();
    }
    // Back on its own database the same sweep removes the orphan: the store's owner is what held it back.
    expect((await sweepUploadOrphans(shop.ctx, later())).folders).toBe(1);
    expect(await folders(shop)).toEqual(before.filter((id) => id !== orphan));
  }, 60_000);

  it('deletes nothing from a store that records no database when this database names none of its folders', async () => {
    // A store from before the record, whose folders another database's rows name.
    for (const id of await folders(shop)) await shop.ctx.storage.deletePrefix(uploadPrefix(id));
    await shop.ctx.storage.delete(storeOwnerKey);
    const orphan = await orphanFolder(shop);
    const swept = await sweepUploadOrphans(shop.ctx, later());
    expect(swept.folders).toBe(0);
    expect(swept.refused).toContain('names none of its upload folders');
    expect(await folders(shop)).toEqual([orphan]);
    expect(await storeOwner(shop)).toBeNull();
    await shop.ctx.storage.deletePrefix(uploadPrefix(orphan));
  }, 60_000);

  it('records this database in an empty store when a worker starts, before any file is written', async () => {
    await shop.ctx.storage.delete(storeOwnerKey);
    expect(await folders(shop)).toEqual([]);
    const worker = await shop.startWorker();
    await worker.stop();
    expect(await storeOwner(shop)).toBe(await databaseId(shop));
  }, 60_000);
});
