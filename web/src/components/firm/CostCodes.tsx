/**
 * A project's cost codes on the firm page: listed under the project, and edited as lines of text,
 * one code a line, the code first and its name after it ("04-REIMB Reimbursable printing"). The list
 * is sent whole; placed orders keep the code they were placed under.
 */
import { useState } from 'react';
import { Button, ErrorNote, Field } from '../ui';
import { toast } from '../toast';
import { changeFirm } from '../../data/firm';
import { errorMessage } from '../../data/useSubmit';
import type { CostCodeJson, FirmProjectJson } from '#shared/firm';

/** "04-REIMB Reimbursable printing" lines to cost codes; a line with a code only is named after its code. */
export function parseCostCodes(text: string): CostCodeJson[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [code, ...name] = line.split(/\s+/);
      return { code, name: name.join(' ') || code };
    });
}

export function CostCodes({ firmId, project }: { firmId: string; project: FirmProjectJson }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  function start() {
    setText(project.costCodes.map((c) => `${c.code} ${c.name}`).join('\n'));
    setProblem(null);
    setEditing(true);
  }

  async function save() {
    setBusy(true);
    setProblem(null);
    try {
      await changeFirm('PATCH', `/api/firms/${firmId}/projects/${project.id}`, { costCodes: parseCostCodes(text) });
      toast({ title: 'Cost codes saved', description: `${project.code} · ${project.name}` });
      setEditing(false);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const id = `cost-codes-${project.id}`;
  return (
    <div className="grid gap-2">
      {project.costCodes.length > 0 ? (
        <p className="text-xs text-slate-500">
          Cost codes:{' '}
          {project.costCodes.map((c, i) => (
            <span key={c.code} title={c.name}>
              {i > 0 ? ', ' : ''}
              <span className="font-mono">{c.code}</span> {c.name}
            </span>
          ))}
        </p>
      ) : null}
      {editing ? (
        <div className="grid gap-2">
          <Field label={`Cost codes of ${project.code}, one a line: code, then name`} htmlFor={id}>
            <textarea
              id={id}
              rows={4}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={'04-REIMB Reimbursable printing\n09-CA Construction administration'}
              className="rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
            />
          </Field>
          {problem ? <ErrorNote title="Could not save the cost codes">{problem}</ErrorNote> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" onClick={() => void save()} disabled={busy}>
              {busy ? 'Saving…' : 'Save cost codes'}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button type="button" size="sm" variant="outline" onClick={start} aria-label={`Cost codes of ${project.code}`}>
            Cost codes
          </Button>
        </div>
      )}
    </div>
  );
}
