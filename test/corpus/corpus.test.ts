/**
 * Every file of the bad-input corpus (generate.ts) goes through the real upload path: POST
 * /api/upload-pdf, then the queue's analysis job on a real worker. Each must get a clear 4xx with a
 * message, or be accepted and end `rejected` with a message (or `ready` where the oddity is harmless),
 * never a 5xx, never an analysis running past its limit; the shop answers /api/health throughout.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeLimits } from '../../worker/src/tasks/uploads__analyze';
import { startTestShop, type TestShop } from '../helpers/shop';
import type { TestClient } from '../helpers/client';
import { generateCorpus, type CorpusItem } from './generate';

/** The analysis time limit during this test (production: 60 s); the bombs finish well inside it. */
const ANALYSIS_LIMIT_MS = 30_000;
/** Slack on top of the limit for spawning the analyser and polling. */
const SLACK_MS = 15_000;

let shop: TestShop;
let dir: string;
let items: CorpusItem[];
const savedLimits = { ...analyzeLimits };

beforeAll(async () => {
  analyzeLimits.timeoutMs = ANALYSIS_LIMIT_MS;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-corpus-'));
  items = await generateCorpus(dir);
  shop = await startTestShop();
  await shop.startWorker({ concurrency: 2 });
});

afterAll(async () => {
  Object.assign(analyzeLimits, savedLimits);
  await shop?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

type Outcome = {
  name: string;
  expect: CorpusItem['expect'];
  uploadStatus: number;
  uploadBody: { message?: string; uploadId?: string };
  /** The uploading browser (its session sees the upload's status). */
  client: TestClient;
};

async function upload(item: CorpusItem): Promise<Outcome> {
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(fs.readFileSync(item.file))], { type: 'application/pdf' }), item.name);
  const client = shop.client();
  const res = await client.request<Outcome['uploadBody']>('POST', '/api/upload-pdf', { body: form });
  return { name: item.name, expect: item.expect, uploadStatus: res.status, uploadBody: res.body, client };
}

type UploadState = { status: string; message: string | null; analyzed_at: Date | null; created_at: Date };

describe('the bad-input corpus', () => {
  it('has at least 30 hostile PDFs', () => {
    expect(items.length).toBeGreaterThanOrEqual(30);
    expect(new Set(items.map((i) => i.name)).size).toBe(items.length);
  });

  it('gets a clear 4xx or a rejected upload with a message for every file, no 5xx, and the shop keeps answering', { timeout: 300_000 }, async () => {
    // Health is polled throughout: the API must never stall behind an analysis.
    let polling = true;
    const health: number[] = [];
    const poller = (async () => {
      while (polling) {
        const started = Date.now();
        const res = await fetch(`${shop.url}/api/health`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
        health.push(res && Date.now() - started < 5_000 ? res.status : 0);
        await new Promise((r) => setTimeout(r, 250));
      }
    })();

    // Uploads go in four at a time, like a busy office.
    const outcomes: Outcome[] = [];
    for (let i = 0; i < items.length; i += 4) outcomes.push(...(await Promise.all(items.slice(i, i + 4).map(upload))));

    for (const o of outcomes) {
      expect(o.uploadStatus, `${o.name}: upload answered ${o.uploadStatus}`).toBeLessThan(500);
      if (o.uploadStatus !== 202) {
        expect(o.uploadStatus, o.name).toBeGreaterThanOrEqual(400);
        expect(typeof o.uploadBody.message, o.name).toBe('string');
        expect(o.uploadBody.message?.length, o.name).toBeGreaterThan(10);
      }
      if (o.expect === 'refused') expect([400, 413, 415], `${o.name}: expected a refusal, got ${o.uploadStatus}`).toContain(o.uploadStatus);
      if (o.expect === 'rejected') expect(o.uploadStatus === 202 || (o.uploadStatus >= 400 && o.uploadStatus < 500), o.name).toBe(true);
    }
    const byName = new Map(outcomes.map((o) => [o.name, o]));
    expect(byName.get('over-50mb.pdf')?.uploadStatus).toBe(413);
    expect(byName.get('picture.pdf')?.uploadStatus).toBe(415);

    // Every accepted file settles within the analysis limit (plus the time it waited in the queue).
    const accepted = outcomes.filter((o) => o.uploadStatus === 202);
    expect(accepted.length).toBeGreaterThanOrEqual(25);
    const deadline = Date.now() + Math.ceil(accepted.length / 2) * 5_000 + ANALYSIS_LIMIT_MS + SLACK_MS;
    const states = new Map<string, UploadState>();
    while (Date.now() < deadline) {
      const rows = await shop.sql<(UploadState & { id: string })[]>`
        select id, status, message, analyzed_at, created_at from uploads where id in ${shop.sql(accepted.map((o) => o.uploadBody.uploadId as string))}`;
      for (const row of rows) states.set(row.id, row);
      if (rows.every((r) => r.status !== 'analyzing')) break;
      await new Promise((r) => setTimeout(r, 500));
    }

    for (const o of accepted) {
      const id = o.uploadBody.uploadId as string;
      const state = states.get(id);
      expect(state?.status, `${o.name} is still ${state?.status}`).not.toBe('analyzing');
      if (o.expect === 'rejected') expect(state?.status, `${o.name} should be rejected`).toBe('rejected');
      if (state?.status === 'rejected') expect(state.message?.length ?? 0, `${o.name} has no message`).toBeGreaterThan(20);
      // What the customer's browser sees: the same verdict through the API, to the session that uploaded.
      const seen = await o.client.get<{ status: string; message: string | null }>(`/api/uploads/${id}`);
      expect(seen.status, o.name).toBe(200);
      expect(seen.body.status, o.name).toBe(state?.status);
      expect(seen.body.message, o.name).toBe(state?.message);
    }

    // The notable ones, as a person would read them.
    const message = (name: string) => states.get(byName.get(name)?.uploadBody.uploadId as string)?.message ?? '';
    expect(message('encrypted-user-password.pdf')).toMatch(/password/i);
    expect(message('zero-pages.pdf')).toMatch(/no pages/i);
    expect(message('ten-thousand-pages.pdf')).toMatch(/10000 pages|10,000 pages/);
    expect(message('letter.pdf')).toMatch(/8\.5" x 11"/);
    expect(message('arch-e.pdf')).toMatch(/^Sheet 2 is 36" x 48" \(ARCH E\), larger than our largest paper, 30" x 42"\./);

    polling = false;
    await poller;
    expect(health.length).toBeGreaterThan(5);
    expect(health.filter((s) => s !== 200), 'health failed or took over 5 s during the corpus').toEqual([]);

    // Nothing was lost or left behind: one row per accepted upload, none for refused ones.
    const [{ n }] = await shop.sql<{ n: number }[]>`select count(*)::int as n from uploads`;
    expect(n).toBe(accepted.length);
    const res = await fetch(`${shop.url}/api/health`);
    expect(res.status).toBe(200);
  });
});
