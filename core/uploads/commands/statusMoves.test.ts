/** The upload commands move a status only where the moves table allows it: a job run twice changes nothing. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/helpers/db';
import { NO_DRAWINGS_MESSAGE, rejectedVerdict, type UploadStatus } from '#shared/sheets';
import { recordVerdict } from './analysis';
import { completeSheetReport } from './sheetReport';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

async function upload(status: UploadStatus): Promise<string> {
  const id = randomUUID();
  await db.sql`
    insert into uploads (id, session_sid, file_name, file_size, storage_key, status, detected_size)
    values (${id}, 'sid', 'set.pdf', 10, ${`uploads/${id}/file.pdf`}, ${status}, ${status === 'ready' ? '24x36' : null})`;
  return id;
}

const read = async (id: string) =>
  (
    await db.sql<{ status: string; message: string | null; sheets_complete: boolean; detected_size: string | null }[]>`
    select status, message, sheets_complete, detected_size from uploads where id = ${id}`
  )[0];

describe('upload commands and the moves table', () => {
  it('writes a verdict once: a second one for the same upload changes nothing', async () => {
    const id = await upload('analyzing');
    expect(await recordVerdict(db.sql, { uploadId: id, verdict: rejectedVerdict(3, 'Too small.'), sheets: [] })).toBe(true);
    expect(await recordVerdict(db.sql, { uploadId: id, verdict: rejectedVerdict(4, 'Other.'), sheets: [] })).toBe(false);
    expect(await read(id)).toMatchObject({ status: 'rejected', message: 'Too small.' });
  });

  it('leaves a ready upload alone when a verdict comes again', async () => {
    const id = await upload('ready');
    expect(await recordVerdict(db.sql, { uploadId: id, verdict: rejectedVerdict(1, 'Late.'), sheets: [] })).toBe(false);
    expect(await read(id)).toMatchObject({ status: 'ready', message: null });
  });

  it('turns down a ready set whose every sheet is blank when its report completes', async () => {
    const id = await upload('ready');
    await completeSheetReport(db.sql, { uploadId: id, allBlank: true });
    expect(await read(id)).toEqual({ status: 'rejected', message: NO_DRAWINGS_MESSAGE, sheets_complete: true, detected_size: null });
  });

  it('completes the report of a ready set with drawings and keeps it ready', async () => {
    const id = await upload('ready');
    await completeSheetReport(db.sql, { uploadId: id, allBlank: false });
    expect(await read(id)).toMatchObject({ status: 'ready', sheets_complete: true, detected_size: '24x36' });
  });

  it('completes no report for an upload that is not ready', async () => {
    for (const status of ['analyzing', 'rejected'] as const) {
      const id = await upload(status);
      await completeSheetReport(db.sql, { uploadId: id, allBlank: true });
      expect(await read(id)).toMatchObject({ status, sheets_complete: false });
    }
  });
});
