/**
 * A 30-file set, one PDF a sheet as Revit exports one, uploaded at once by one customer through the
 * real API of the production build; target: every file `ready` within 1 s of the last file's bytes
 * (docs/decisions/030-dense-report-bench.md).
 *
 * The files are sheets 1–30 of the dense CAD-like set (bench/denseSet.ts: over 50,000 path operators
 * each, five of them with a scanned underlay), made once under bench/out/. The shop is `npm run build`'s
 * `web` and `worker` (bench/kit.ts startShop, built) on a throw-away database, its files stored two
 * ways in turn:
 *   - local: `POST /api/uploads` answers "multipart", and each file is POSTed to /api/upload-pdf;
 *   - S3 (s3rver, test/helpers/s3rver.ts): `POST /api/uploads` answers a presigned POST, each file
 *     goes to the bucket, then `POST /api/uploads/{id}/complete`.
 * One session (a first upload, not counted, sets its cookie and warms both processes), then all 30
 * files at once on their own connections. "The last file's bytes" is the moment the last request body
 * (to the API or to the bucket) has been handed to the socket; then each upload is polled as the page
 * polls it (web/src/components/upload/uploadApi.ts: 40, 80, 120, 160 ms, then every 200 ms) until it
 * is no longer `analyzing`. Between rounds the reports of the round before are let finish.
 *
 *   npm run build && npx tsx bench/set-ready.ts          # RUNS=3 rounds a store, alternating
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { fileURLToPath } from 'node:url';
import { startTestS3, type TestS3 } from '#test/helpers/s3rver';
import { makeDenseSet } from './denseSet';
import { median, startShop } from './kit';
import { machineLine } from './machine';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'bench/out/set-ready-v1');
const FILES = 30;
const RUNS = Number(process.env.RUNS ?? 3);
const TARGET_MS = 1000;
/** The page's poll after an upload is accepted (POLL_DELAYS_MS, then POLL_EVERY_MS). */
const POLL_DELAYS_MS = [40, 80, 120, 160];
const POLL_EVERY_MS = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Answer = { status: number; body: Record<string, unknown>; cookie: string | null };
type Sent = { uploadId: string; bytesSentAt: number };

/** One request; `sent` is called when its body has been handed to the socket. */
function request(url: string, method: string, headers: http.OutgoingHttpHeaders, body: Buffer | null, sent: () => void = () => {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...headers, ...(body ? { 'content-length': body.length } : {}) }, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        let parsed: Record<string, unknown>;
        try {
          parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
        } catch {
          parsed = { text };
        }
        const cookie = res.headers['set-cookie']?.map((c) => c.split(';')[0]).join('; ') ?? null;
        resolve({ status: res.statusCode ?? 0, body: parsed, cookie });
      });
    });
    req.on('error', reject);
    req.on('finish', sent);
    req.end(body ?? undefined);
  });
}

/** A multipart/form-data body: `fields` first, then the file under `fileField`. */
function multipart(fields: Record<string, string>, fileField: string, fileName: string, file: Buffer): { body: Buffer; contentType: string } {
  const boundary = `bench${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`),
  );
  parts.push(file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One file up as the page sends it: asks the way, sends the bytes (to the API or the bucket), and for S3 says it is done. */
async function upload(base: string, cookie: { value: string | null }, name: string, file: Buffer): Promise<Sent> {
  const headers = () => ({ ...(cookie.value ? { cookie: cookie.value } : {}) });
  const route = await request(
    `${base}/api/uploads`,
    'POST',
    { ...headers(), 'content-type': 'application/json' },
    Buffer.from(JSON.stringify({ fileName: name, fileSize: file.length })),
  );
  if (route.cookie) cookie.value ??= route.cookie;
  let bytesSentAt = 0;
  const markSent = () => (bytesSentAt = Date.now());
  if (route.body.method === 'presigned') {
    const form = multipart(route.body.fields as Record<string, string>, 'file', name, file);
    const stored = await request(route.body.url as string, 'POST', { 'content-type': form.contentType }, form.body, markSent);
    if (stored.status >= 300) throw new Error(`the bucket answered ${stored.status}`);
    const done = await request(`${base}${route.body.completeUrl as string}`, 'POST', headers(), null);
    if (done.status !== 202) throw new Error(`complete answered ${done.status}: ${JSON.stringify(done.body)}`);
    return { uploadId: done.body.uploadId as string, bytesSentAt };
  }
  const form = multipart({}, 'pdf', name, file);
  const accepted = await request(`${base}${route.body.url as string}`, 'POST', { ...headers(), 'content-type': form.contentType }, form.body, markSent);
  if (accepted.status !== 202) throw new Error(`upload answered ${accepted.status}: ${JSON.stringify(accepted.body)}`);
  if (accepted.cookie) cookie.value ??= accepted.cookie;
  return { uploadId: accepted.body.uploadId as string, bytesSentAt };
}

/** Polls as the page does until the upload is decided; the moment it saw the answer. */
async function waitReady(base: string, cookie: string | null, uploadId: string): Promise<{ at: number; status: string }> {
  for (let attempt = 0; ; attempt++) {
    const answer = await request(`${base}/api/uploads/${uploadId}`, 'GET', cookie ? { cookie } : {}, null);
    if (answer.body.status !== 'analyzing') return { at: Date.now(), status: String(answer.body.status) };
    await sleep(POLL_DELAYS_MS[attempt] ?? POLL_EVERY_MS);
  }
}

/** Until every upload's per-sheet report is complete (so one round's reports do not run into the next). */
async function reportsDone(base: string, cookie: string | null, ids: string[]): Promise<void> {
  for (;;) {
    const answers = await Promise.all(ids.map((id) => request(`${base}/api/uploads/${id}`, 'GET', cookie ? { cookie } : {}, null)));
    if (answers.every((a) => a.body.sheetsComplete === true)) return;
    await sleep(500);
  }
}

function files(): { name: string; bytes: Buffer }[] {
  fs.mkdirSync(OUT, { recursive: true });
  return Array.from({ length: FILES }, (_, i) => {
    const name = `A-${101 + i}.pdf`;
    const file = path.join(OUT, name);
    if (!fs.existsSync(file)) fs.writeFileSync(file, makeDenseSet({ from: i + 1, count: 1 }));
    return { name, bytes: fs.readFileSync(file) };
  });
}

type Round = {
  store: string;
  lastBytesToReadyMs: number;
  uploadMs: number;
  acceptedToReadyMedianMs: number;
  notReady: number;
  /** From the database's clock: the last upload row written → the last verdict written. */
  lastRowToLastVerdictMs: number;
  /** Each upload's row written → its verdict written, the median and the slowest. */
  rowToVerdictMs: [number, number];
  /** The last file's bytes → the last upload row written; the last verdict written → the last seen by a poll. */
  lastBytesToLastRowMs: number;
  lastVerdictToSeenMs: number;
};

async function round(
  store: string,
  base: string,
  databaseUrl: string,
  cookie: { value: string | null },
  set: { name: string; bytes: Buffer }[],
): Promise<Round> {
  const started = Date.now();
  const decided = await Promise.all(
    set.map(async ({ name, bytes }) => {
      const sent = await upload(base, cookie, name, bytes);
      const acceptedAt = Date.now();
      const ready = await waitReady(base, cookie.value, sent.uploadId);
      return { ...sent, acceptedAt, ...ready };
    }),
  );
  const lastBytes = Math.max(...decided.map((d) => d.bytesSentAt));
  const allReady = Math.max(...decided.map((d) => d.at));
  await reportsDone(
    base,
    cookie.value,
    decided.map((d) => d.uploadId),
  );
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const rows = await sql<{ created: number; analyzed: number }[]>`
    select extract(epoch from created_at) * 1000 as created, extract(epoch from analyzed_at) * 1000 as analyzed
    from uploads where id = any(${decided.map((d) => d.uploadId)}::uuid[])`;
  await sql.end();
  const waits = rows.map((r) => Number(r.analyzed) - Number(r.created));
  return {
    store,
    lastBytesToLastRowMs: Math.max(...rows.map((r) => Number(r.created))) - lastBytes,
    lastVerdictToSeenMs: allReady - Math.max(...rows.map((r) => Number(r.analyzed))),
    lastRowToLastVerdictMs: Math.max(...rows.map((r) => Number(r.analyzed))) - Math.max(...rows.map((r) => Number(r.created))),
    rowToVerdictMs: [median(waits), Math.max(...waits)],
    lastBytesToReadyMs: allReady - lastBytes,
    uploadMs: lastBytes - started,
    acceptedToReadyMedianMs: median(decided.map((d) => d.at - d.acceptedAt)),
    notReady: decided.filter((d) => d.status !== 'ready').length,
  };
}

async function main() {
  const set = files();
  const megabytes = set.reduce((sum, f) => sum + f.bytes.length, 0) / 2 ** 20;
  console.log(machineLine());
  const rounds: Round[] = [];
  let s3: TestS3 | null = null;
  const shops: { store: string; base: string; databaseUrl: string; cookie: { value: string | null }; stop(): Promise<void> }[] = [];
  try {
    s3 = await startTestS3(`bench-${randomBytes(3).toString('hex')}`);
    for (const [store, env] of [
      ['local', {}],
      ['S3 (s3rver)', s3.env],
    ] as const) {
      if (process.env.BENCH_STORES && !process.env.BENCH_STORES.split(',').some((s) => store.startsWith(s))) continue;
      // The shop's settings come from this environment (WORKER_CONCURRENCY=8, UPLOAD_INTAKE_MB_PER_SECOND=64…).
      const shop = await startShop(`set-ready-${store.slice(0, 5)}`, { built: true, env });
      const cookie = { value: null as string | null };
      // A first upload, not counted: the session's cookie, and both processes warm.
      const first = await upload(shop.base, cookie, set[0].name, set[0].bytes);
      await waitReady(shop.base, cookie.value, first.uploadId);
      await reportsDone(shop.base, cookie.value, [first.uploadId]);
      shops.push({ store, base: shop.base, databaseUrl: shop.databaseUrl, cookie, stop: shop.stop });
    }
    // Rounds alternate between the stores, so neither always meets a busier minute.
    for (let r = 0; r < RUNS; r++) {
      for (const shop of r % 2 ? [...shops].reverse() : shops) {
        const result = await round(shop.store, shop.base, shop.databaseUrl, shop.cookie, set);
        rounds.push(result);
        console.error(
          `${shop.store}: last bytes → all ready ${Math.round(result.lastBytesToReadyMs)} ms (sending took ${Math.round(result.uploadMs)} ms); last bytes → last row ${Math.round(result.lastBytesToLastRowMs)} ms, last row → last verdict ${Math.round(result.lastRowToLastVerdictMs)} ms, row → verdict median ${Math.round(result.rowToVerdictMs[0])}, slowest ${Math.round(result.rowToVerdictMs[1])} ms, last verdict → seen ${Math.round(result.lastVerdictToSeenMs)} ms; load ${os.loadavg()[0].toFixed(1)}`,
        );
      }
    }
  } finally {
    for (const shop of shops) await shop.stop();
    await s3?.close();
  }
  const rows = shops.map(({ store }) => {
    const mine = rounds.filter((r) => r.store === store);
    const last = mine.map((r) => r.lastBytesToReadyMs);
    return `| ${store} | **${Math.round(median(last))} ms** | ${last.map(Math.round).join(', ')} | ${Math.round(median(mine.map((r) => r.acceptedToReadyMedianMs)))} ms | ${Math.round(median(mine.map((r) => r.uploadMs)))} ms | ${Math.round(median(mine.map((r) => r.lastRowToLastVerdictMs)))} ms | ${mine.reduce((n, r) => n + r.notReady, 0)} |`;
  });
  console.log(`${machineLine()}

${FILES} files (${megabytes.toFixed(1)} MiB, one dense ARCH D sheet each), uploaded at once, ${RUNS} rounds a store; the built web and worker (WORKER_CONCURRENCY ${process.env.WORKER_CONCURRENCY ?? 'default'}, UPLOAD_INTAKE_MB_PER_SECOND ${process.env.UPLOAD_INTAKE_MB_PER_SECOND ?? 'default'}).

| store | last file's bytes → every file \`ready\` (median) | rounds (ms) | accepted → \`ready\`, median file | sending all 30 | last row → last verdict (database clock) | not \`ready\` |
|---|---|---|---|---|---|---|
${rows.join('\n')}

Target: within ${TARGET_MS} ms.`);
  const met =
    rounds.every((r) => r.notReady === 0) &&
    shops.every(({ store }) => median(rounds.filter((r) => r.store === store).map((r) => r.lastBytesToReadyMs)) <= TARGET_MS);
  process.exit(met ? 0 : 1);
}

await main();
