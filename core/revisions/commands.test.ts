/** The revision commands end a revision only where the moves table allows it: a job run twice changes nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/helpers/db';
import type { RevisionStatus } from '#shared/revisions';
import { failRevision, recordComparison } from './commands';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

async function revision(status: RevisionStatus): Promise<string> {
  const [row] = await db.sql<{ id: string }[]>`
    insert into revisions (previous_upload_ids, upload_ids, session_sid, status) values ('{}', '{}', 'sid', ${status}) returning id`;
  return row.id;
}

const read = async (id: string) => (await db.sql<{ status: string; message: string | null }[]>`select status, message from revisions where id = ${id}`)[0];
const sheetCount = async (id: string) => (await db.sql<{ n: number }[]>`select count(*)::int as n from revision_sheets where revision_id = ${id}`)[0].n;

const SHEET = {
  position: 1,
  sheet_number: 'A-101',
  sheet_title: null,
  change: 'new' as const,
  previous_position: null,
  changed_share: null,
  boxes: [],
  reason: null,
  has_overlay: false,
};

describe('revision commands and the moves table', () => {
  it('records a comparison once: ready with its sheets, and nothing after', async () => {
    const id = await revision('comparing');
    expect(await db.sql.begin((tx) => recordComparison(tx, { revisionId: id, sheets: [SHEET], removed: [], message: null }))).toBe(true);
    expect(await read(id)).toEqual({ status: 'ready', message: null });
    await failRevision(db.sql, { revisionId: id, message: 'Too late.' });
    expect(await read(id)).toEqual({ status: 'ready', message: null });
    expect(await sheetCount(id)).toBe(1);
  });

  it('keeps a failed revision failed: a comparison arriving later writes no sheets', async () => {
    const id = await revision('comparing');
    await failRevision(db.sql, { revisionId: id, message: 'Could not compare.' });
    expect(await db.sql.begin((tx) => recordComparison(tx, { revisionId: id, sheets: [SHEET], removed: [], message: null }))).toBe(false);
    expect(await read(id)).toEqual({ status: 'failed', message: 'Could not compare.' });
    expect(await sheetCount(id)).toBe(0);
  });
});
