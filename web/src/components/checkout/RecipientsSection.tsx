/**
 * "Send to several people": the order's distribution list. Recipients are added one by one or
 * pasted or imported as CSV with a header (shared/recipientsCsv.ts); each row shows the sheets and
 * the package price the server priced, and the server's sentence beside the row it is about.
 */
import { useState } from 'react';
import { RECIPIENT_CSV_COLUMNS, recipientsFromCsv, type CsvRecipient } from '#shared/recipientsCsv';
import { MAX_RECIPIENTS } from '#shared/recipients';
import { formatDollars } from '#shared/money';
import { Button, Card, CardHeader, Input, Select } from '../ui';
import type { CheckoutForm } from './useCheckoutForm';

const CSV_HEADER = RECIPIENT_CSV_COLUMNS.join(',').replace('halfsets', 'halfSets');

type Draft = {
  name: string;
  company: string;
  email: string;
  delivery: 'pickup' | 'shipping';
  street1: string;
  city: string;
  state: string;
  zip: string;
  sets: string;
  halfSets: string;
  sheets: string;
};
const EMPTY: Draft = { name: '', company: '', email: '', delivery: 'pickup', street1: '', city: '', state: '', zip: '', sets: '1', halfSets: '0', sheets: '' };

/** A drafted row as the CSV reader makes one, so both ways give the server the same recipient. */
function fromDraft(d: Draft): CsvRecipient | null {
  const row = [
    d.name,
    d.company,
    d.email,
    '',
    d.delivery === 'shipping' ? d.street1 : '',
    '',
    d.delivery === 'shipping' ? d.city : '',
    d.delivery === 'shipping' ? d.state : '',
    d.delivery === 'shipping' ? d.zip : '',
    d.sets,
    d.halfSets,
    d.sheets,
  ];
  const quoted = row.map((v) => `"${v.replace(/"/g, '""')}"`).join(',');
  const read = recipientsFromCsv(`${CSV_HEADER}\n${quoted}`);
  return read.ok ? read.recipients[0] : null;
}

/** The sentences about row `i` (its fields), from the server's `errors`. */
function rowProblems(errors: Record<string, string>, i: number): string[] {
  return [
    ...new Set(
      Object.entries(errors)
        .filter(([path]) => path.startsWith(`recipients[${i}]`))
        .map(([, message]) => message),
    ),
  ];
}

export function RecipientsSection({ form, disabled }: { form: CheckoutForm; disabled?: boolean }) {
  const { recipients, setRecipients, recipientsProblem } = form;
  const [csv, setCsv] = useState('');
  const [csvProblem, setCsvProblem] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const list = recipients ?? [];
  const packages = form.intent?.amounts.recipients ?? [];
  const errors = recipientsProblem?.errors ?? {};
  const listProblem = recipientsProblem && Object.keys(errors).every((path) => !/^recipients\[\d+\]/.test(path)) ? recipientsProblem.message : null;

  function addCsv(text: string) {
    const read = recipientsFromCsv(text);
    if (!read.ok) return setCsvProblem(read.message);
    setCsvProblem(null);
    setCsv('');
    setRecipients([...list, ...read.recipients].slice(0, MAX_RECIPIENTS));
  }
  function add() {
    const r = fromDraft(draft);
    if (!r || !r.name) return setCsvProblem('Please give the recipient a name.');
    setCsvProblem(null);
    setRecipients([...list, r]);
    setDraft(EMPTY);
  }
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });

  return (
    <Card>
      <CardHeader
        title="Recipients"
        description="Send one set to everyone who needs it: each gets their own sheets and copies, shipped or picked up, in one payment."
      />
      <div className="grid gap-4 p-6">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
          <input
            type="checkbox"
            checked={recipients !== null}
            disabled={disabled}
            onChange={(e) => setRecipients(e.target.checked ? [] : null)}
            className="h-4 w-4 rounded border-slate-300"
          />
          Send to several people
        </label>
        {recipients !== null && (
          <>
            {list.length > 0 ? (
              <ol className="grid gap-3" aria-label="Recipients">
                {list.map((r, i) => {
                  const pkg = packages[i];
                  const problems = rowProblems(errors, i);
                  return (
                    <li key={i} className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="recipient-row">
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <div className="min-w-0">
                          <p className="break-words font-medium text-slate-900">
                            {i + 1}. {r.name}
                            {r.company ? ` (${r.company})` : ''}
                          </p>
                          <p className="break-words text-slate-600">
                            {r.delivery === 'shipping' && r.address
                              ? `Ship to ${r.address.street1}, ${r.address.city}, ${r.address.state} ${r.address.zipCode}`
                              : 'Pickup'}
                            {' · '}
                            {r.sheets ? r.sheets.join(', ') : 'whole set'}
                          </p>
                          {pkg && problems.length === 0 && (
                            <p className="text-slate-700">
                              {pkg.sheetCount} {pkg.sheetCount === 1 ? 'sheet' : 'sheets'}: {pkg.sheetNumbers.join(', ')} · package {formatDollars(pkg.total)}
                            </p>
                          )}
                          {problems.map((p) => (
                            <p key={p} className="text-red-700" role="alert">
                              {p}
                            </p>
                          ))}
                        </div>
                        <Button type="button" variant="secondary" size="sm" disabled={disabled} onClick={() => setRecipients(list.filter((_, j) => j !== i))}>
                          Remove
                        </Button>
                      </div>
                    </li>
                  );
                })}
              </ol>
            ) : (
              <p className="text-sm text-slate-600">No recipients yet: add them below, or paste a CSV.</p>
            )}
            {listProblem && (
              <p className="text-sm text-red-700" role="alert">
                {listProblem}
              </p>
            )}
            <div className="grid gap-2 rounded-lg border border-slate-200 p-3" role="group" aria-label="Add a recipient">
              <div className="grid gap-2 sm:grid-cols-3">
                <Input aria-label="Recipient name" placeholder="Name" value={draft.name} onChange={set('name')} />
                <Input aria-label="Recipient company" placeholder="Company" value={draft.company} onChange={set('company')} />
                <Input aria-label="Recipient email" placeholder="Email (optional)" value={draft.email} onChange={set('email')} />
              </div>
              <div className="grid gap-2 sm:grid-cols-4">
                <Select aria-label="Recipient delivery" value={draft.delivery} onChange={set('delivery')}>
                  <option value="pickup">Pickup</option>
                  <option value="shipping">Shipping</option>
                </Select>
                <Input aria-label="Recipient sets" inputMode="numeric" value={draft.sets} onChange={set('sets')} />
                <Input aria-label="Recipient half-size sets" inputMode="numeric" value={draft.halfSets} onChange={set('halfSets')} />
                <Input aria-label="Recipient sheets" placeholder='Sheets: "S" or "A-101..A-110"' value={draft.sheets} onChange={set('sheets')} />
              </div>
              {draft.delivery === 'shipping' && (
                <div className="grid gap-2 sm:grid-cols-4">
                  <Input aria-label="Recipient street" placeholder="Street" value={draft.street1} onChange={set('street1')} />
                  <Input aria-label="Recipient city" placeholder="City" value={draft.city} onChange={set('city')} />
                  <Input aria-label="Recipient state" placeholder="State" value={draft.state} onChange={set('state')} />
                  <Input aria-label="Recipient ZIP" placeholder="ZIP" value={draft.zip} onChange={set('zip')} />
                </div>
              )}
              <div>
                <Button type="button" size="sm" disabled={disabled || list.length >= MAX_RECIPIENTS} onClick={add}>
                  Add recipient
                </Button>
              </div>
            </div>
            <div className="grid gap-2">
              <label htmlFor="recipients-csv" className="text-sm font-medium text-slate-900">
                Paste or import a CSV
              </label>
              <p className="text-xs text-slate-600">Header: {CSV_HEADER}</p>
              <textarea
                id="recipients-csv"
                rows={4}
                value={csv}
                onChange={(e) => setCsv(e.target.value)}
                className="rounded-md border border-slate-300 p-2 font-mono text-xs"
              />
              <div className="flex flex-wrap items-center gap-2">
                <Button type="button" size="sm" variant="secondary" disabled={disabled || csv.trim() === ''} onClick={() => addCsv(csv)}>
                  Add these recipients
                </Button>
                <label className="text-sm text-blueprint-700 underline underline-offset-2">
                  Import a CSV file
                  <input
                    type="file"
                    accept=".csv,text/csv"
                    className="sr-only"
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      if (file) void file.text().then(addCsv);
                      e.target.value = '';
                    }}
                  />
                </label>
              </div>
              {csvProblem && (
                <p className="text-sm text-red-700" role="alert">
                  {csvProblem}
                </p>
              )}
            </div>
          </>
        )}
      </div>
    </Card>
  );
}
