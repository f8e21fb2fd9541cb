/**
 * The firm's buying rules and the month's spend, on the firm page. An owner turns the rules on and
 * off (a PO number and a cost code on every order; approval over an amount) and downloads a month's
 * spend by project as CSV or PDF; a member reads the rules their checkout follows.
 */
import { useState } from 'react';
import { Button, buttonClasses, Card, CardHeader, ErrorNote, Field, TextField } from '../ui';
import { toast } from '../toast';
import { changeFirm } from '../../data/firm';
import { errorMessage } from '../../data/useSubmit';
import { formatDollars } from '#shared/money';
import type { FirmJson } from '#shared/firm';

/** What the rules say, in a sentence each. */
function ruleLines(rules: FirmJson['rules']): string[] {
  return [
    rules.requirePoNumber ? 'Every order needs a PO number.' : null,
    rules.requireCostCode ? 'Every order needs a project and one of its cost codes.' : null,
    rules.approvalOverDollars !== null ? `Members’ orders over ${formatDollars(rules.approvalOverDollars)} need an approver’s yes.` : null,
  ].filter((line): line is string => line !== null);
}

export function FirmRules({ firm }: { firm: FirmJson }) {
  const owner = firm.role === 'owner';
  const [draft, setDraft] = useState(() => ({
    requirePoNumber: firm.rules.requirePoNumber,
    requireCostCode: firm.rules.requireCostCode,
    approval: firm.rules.approvalOverDollars === null ? '' : String(firm.rules.approvalOverDollars),
  }));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const lines = ruleLines(firm.rules);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const approval = draft.approval.trim().replace(/^\$/, '').replace(/,/g, '');
    const approvalOverDollars = approval === '' ? null : Number(approval);
    if (approvalOverDollars !== null && !Number.isFinite(approvalOverDollars)) {
      setProblem('Please enter the approval limit as an amount in dollars, or leave it empty for never.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await changeFirm('PATCH', `/api/firms/${firm.id}`, {
        rules: { requirePoNumber: draft.requirePoNumber, requireCostCode: draft.requireCostCode, approvalOverDollars },
      });
      toast({ title: 'Rules saved', description: 'Every checkout of the firm follows them from now on.' });
    } catch (error) {
      const message = errorMessage(error);
      setProblem(message);
      toast({ title: 'Could not save the rules', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  if (!owner) {
    return (
      <Card>
        <CardHeader title="Buying rules" description="Set by the firm’s owners; checkout holds every order to them." />
        <ul className="grid gap-1 px-4 pb-4 text-sm text-slate-700 sm:px-6" data-testid="firm-rules">
          {lines.length > 0 ? lines.map((line) => <li key={line}>{line}</li>) : <li>No rules: PO numbers and cost codes are optional.</li>}
        </ul>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader title="Buying rules" description="What every order of the firm must carry. Checkout refuses an order without it." />
      <form onSubmit={(e) => void save(e)} className="grid gap-3 px-4 pb-4 sm:px-6" aria-label="Buying rules">
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4"
            checked={draft.requirePoNumber}
            onChange={(e) => setDraft({ ...draft, requirePoNumber: e.target.checked })}
          />
          Require a PO number on every order
        </label>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4"
            checked={draft.requireCostCode}
            onChange={(e) => setDraft({ ...draft, requireCostCode: e.target.checked })}
          />
          Require a project and one of its cost codes on every order
        </label>
        <TextField
          id="approval-over"
          label="Approval for members’ orders over ($)"
          inputMode="decimal"
          placeholder="Never"
          hint="Leave empty for never. A member’s larger order goes on account and waits for an owner’s or approver’s yes; their own orders need none."
          value={draft.approval}
          onChange={(e) => setDraft({ ...draft, approval: e.target.value })}
        />
        {problem ? <ErrorNote title="Could not save the rules">{problem}</ErrorNote> : null}
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save rules'}
        </Button>
      </form>
    </Card>
  );
}

/** This month on the counter's calendar as YYYY-MM (the browser's clock is close enough to offer it). */
function thisMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** The month's spend by project, as CSV or PDF: for owners (and approvers). */
export function SpendReport({ firm }: { firm: FirmJson }) {
  const [month, setMonth] = useState(thisMonth);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const url = (format: 'csv' | 'pdf') => `/api/firms/${firm.id}/reports/spend?month=${month}&format=${format}`;
  return (
    <Card>
      <CardHeader title="Spend report" description="Every order placed in a month, with a total per project: for your bookkeeper." />
      <div className="grid gap-3 px-4 pb-4 sm:px-6">
        <Field label="Month" htmlFor="spend-month">
          <input
            id="spend-month"
            type="month"
            max={thisMonth()}
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          <a href={valid ? url('csv') : undefined} aria-disabled={!valid} className={buttonClasses('primary', 'sm')}>
            Download CSV
          </a>
          <a href={valid ? url('pdf') : undefined} target="_blank" rel="noreferrer" aria-disabled={!valid} className={buttonClasses('outline', 'sm')}>
            Open PDF
          </a>
        </div>
      </div>
    </Card>
  );
}
