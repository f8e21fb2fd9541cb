/** The spend report's lines and CSV, without a database: the cells a spreadsheet would misread. */
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { spendCsv, spendLines, type SpendOrder } from './spendReport';

const order = (over: Partial<SpendOrder>): SpendOrder => ({
  id: '00000000-0000-4000-8000-0000000000ab',
  placed_on: '2026-11-02',
  project_code: 'A-1',
  project_name: 'Tower',
  cost_code: null,
  po_number: null,
  placed_by: 'Milo Builder',
  sheets: 2,
  total_cents: 1066,
  tax_cents: 66,
  invoice_number: null,
  ...over,
});

describe('the spend CSV', () => {
  it('quotes a line break inside a value and shows a tab, a + or a full-width = as text', () => {
    const csv = spendCsv(spendLines([order({ po_number: 'line one\nline two' }), order({ po_number: '\tcmd', placed_by: '+1 555', project_name: '＝1+1' })]));
    const text = csv.toString('utf8');
    expect(text.startsWith('\ufeffDate,')).toBe(true);
    expect(text).toContain('"line one\nline two"');
    const rows = parse(text.slice(1)) as string[][];
    expect(rows[1][5]).toBe('line one\nline two');
    expect(rows[2][5]).toBe("'\tcmd");
    expect(rows[2][6]).toBe("'+1 555");
    expect(rows[2][3]).toBe("'＝1+1");
    // Amounts are plain numbers a spreadsheet sums: no "$", no separators, never prefixed.
    expect(rows[1].slice(7, 11)).toEqual(['2', '10.00', '0.66', '10.66']);
    expect(rows.at(-1)).toEqual(['Total', '', '', '', '', '', '', '4', '20.00', '1.32', '21.32', '']);
  });

  it('totals each project by code, orders without a project last', () => {
    const lines = spendLines([order({ project_code: null, project_name: null }), order({ project_code: 'B-2' }), order({ project_code: 'A-1' })]);
    expect(lines.filter((l) => l.kind !== 'order').map((l) => l.date)).toEqual(['Total A-1', 'Total B-2', 'Total (no project)', 'Total']);
  });
});
