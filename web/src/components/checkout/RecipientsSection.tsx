/**
 * "Send to several people": the order's distribution list. Recipients are added one by one or
 * pasted or imported as CSV with a header (shared/recipientsCsv.ts); each row shows the sheets and
 * the package price the server priced, its own finishing and reduced sets behind a "Finishing"
 * disclosure, and the server's sentence beside the row it is about.
 */
import { useState } from 'react';
import { RECIPIENT_CSV_HEADER, recipientsFromCsv, type CsvFinishing, type CsvRecipient } from '#shared/recipientsCsv';
import { MAX_RECIPIENTS } from '#shared/recipients';
import { BINDS, FOLDS, hasFinishing, NO_FINISHING, REDUCED_PAPER, type Finishing } from '#shared/finishing';
import { MAX_SETS } from '#shared/pricing';
import { formatDollars } from '#shared/money';
import { FinishingChoice } from '../upload/FinishingChoice';
import { Button, Card, CardHeader, Input, Select } from '../ui';
import type { CheckoutForm } from './useCheckoutForm';

/** The draft row's columns, in this order (the new columns left blank). */
const CSV_HEADER = RECIPIENT_CSV_HEADER.slice(0, 12).join(',');

/** A row's finishing as the selects show it: a word the shop does not know (from a CSV) shows as none until chosen. */
function asFinishing(f: CsvFinishing | undefined): Finishing {
  if (!f) return NO_FINISHING;
  const fold = (FOLDS as readonly string[]).includes(f.fold) ? (f.fold as Finishing['fold']) : 'none';
  const bind = (BINDS as readonly string[]).includes(f.bind) ? (f.bind as Finishing['bind']) : 'none';
  return { fold, bind, holes: f.holes === 3 ? 3 : 0 };
}

/** "fold + staple", "3 holes": one kind of set's finishing, short. */
function shortFinishing(f: CsvFinishing | undefined): string | null {
  if (!f) return null;
  const parts = [
    f.fold === 'none' ? null : f.fold === 'title_out' ? 'fold' : f.fold,
    f.bind === 'none' ? null : f.bind === 'staple_left' ? 'staple' : f.bind === 'screw_post' ? 'screw post' : f.bind,
    f.holes === 0 ? null : f.holes === 3 ? '3 holes' : `holes ${f.holes}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' + ') : null;
}

/** The row's finishing in a few words for its disclosure: `full size: fold + staple · 1 reduced set`, or `none`. */
export function finishingSummary(r: CsvRecipient): string {
  const full = shortFinishing(r.finishing);
  const half = shortFinishing(r.halfFinishing);
  const reduced = r.reducedSets ?? 0;
  const parts = [
    full ? `full size: ${full}` : null,
    half ? `half size: ${half}` : null,
    reduced ? `${reduced} reduced ${REDUCED_PAPER.label} ${reduced === 1 ? 'set' : 'sets'}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'none';
}

/** The recipient with one kind of set's finishing (left out when none) or their reduced sets changed. */
function withFinishing(r: CsvRecipient, change: { finishing?: Finishing; halfFinishing?: Finishing; reducedSets?: number }): CsvRecipient {
  const next: CsvRecipient = { ...r, ...change };
  if (next.finishing && !hasFinishing(asFinishing(next.finishing)) && change.finishing) delete next.finishing;
  if (next.halfFinishing && !hasFinishing(asFinishing(next.halfFinishing)) && change.halfFinishing) delete next.halfFinishing;
  if (change.reducedSets === 0) delete next.reducedSets;
  return next;
}

/** One row's finishing: what each kind of set it has gets, and its reduced sets. */
function RowFinishing({ recipient, disabled, onChange }: { recipient: CsvRecipient; disabled?: boolean; onChange: (r: CsvRecipient) => void }) {
  const sets = recipient.sets ?? 1;
  const halfSets = recipient.halfSets ?? 0;
  const reducedSets = recipient.reducedSets ?? 0;
  const [reducedText, setReducedText] = useState(String(reducedSets));
  // Another row's removal hands this one a new recipient: its number follows, adjusted while rendering.
  const [shownFor, setShownFor] = useState(reducedSets);
  if (shownFor !== reducedSets) {
    setShownFor(reducedSets);
    setReducedText(String(reducedSets));
  }
  return (
    <details className="mt-2 rounded-md bg-slate-50 px-3 py-2" data-testid="recipient-finishing">
      <summary className="cursor-pointer break-words text-slate-700">Finishing: {finishingSummary(recipient)}</summary>
      <div className="mt-2 grid gap-3">
        {(sets > 0 || recipient.finishing) && (
          <FinishingChoice
            legend="Full-size sets"
            half={false}
            value={asFinishing(recipient.finishing)}
            disabled={disabled}
            onChange={(finishing) => onChange(withFinishing(recipient, { finishing }))}
          />
        )}
        {(halfSets > 0 || recipient.halfFinishing) && (
          <FinishingChoice
            legend="Half-size sets"
            half
            value={asFinishing(recipient.halfFinishing)}
            disabled={disabled}
            onChange={(halfFinishing) => onChange(withFinishing(recipient, { halfFinishing }))}
          />
        )}
        <label className="grid max-w-xs gap-1 text-sm text-slate-700">
          Reduced {REDUCED_PAPER.label} sets (not to scale, no finishing)
          <Input
            inputMode="numeric"
            value={reducedText}
            disabled={disabled}
            onChange={(e) => {
              setReducedText(e.target.value);
              const n = e.target.value.trim() === '' ? 0 : Number(e.target.value);
              // Whole numbers in range are sent; anything else waits for a number.
              if (!Number.isInteger(n) || n < 0 || n > MAX_SETS) return;
              setShownFor(n);
              onChange(withFinishing(recipient, { reducedSets: n }));
            }}
          />
        </label>
      </div>
    </details>
  );
}

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

/**
 * A recipient added one by one starts with the finishing and reduced sets chosen for the set on the
 * card, for the kinds of sets they get (a CSV row has what its columns say).
 */
function withCardFinishing(r: CsvRecipient, data: CheckoutForm['data']): CsvRecipient {
  const next = { ...r };
  if (data.finishing && hasFinishing(data.finishing) && (r.sets ?? 1) > 0) next.finishing = data.finishing;
  if (data.halfFinishing && hasFinishing(data.halfFinishing) && (r.halfSets ?? 0) > 0) next.halfFinishing = data.halfFinishing;
  if (data.reducedSets) next.reducedSets = data.reducedSets;
  return next;
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
    setRecipients([...list, withCardFinishing(r, form.data)]);
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
                      <RowFinishing recipient={r} disabled={disabled} onChange={(next) => setRecipients(list.map((x, j) => (j === i ? next : x)))} />
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
              <p className="break-words text-xs text-slate-600">
                Header: {RECIPIENT_CSV_HEADER.join(',')}. Finishing: fold (title_out), bind (staple or screw_post) for every set of the row, holes (3) on its
                half-size sets.
              </p>
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
