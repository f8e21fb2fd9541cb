/**
 * The firm project an order is for (optional), for a signed-in member of a firm: one of the firm's
 * projects, or a new one added here. Sent as `projectId`; the receipt, the job ticket and the
 * project statement name it. With cost codes on the project, one of them (`costCode`); the firm's
 * rules (a PO number, a cost code) are said here, and the server holds the order to them. Nothing
 * shows for a guest or a person without a firm.
 */
import { useState } from 'react';
import { Button, Card, CardHeader, ErrorNote, Field, Select, TextField } from '../ui';
import { changeFirm, useMyFirm } from '../../data/firm';
import { errorMessage } from '../../data/useSubmit';
import { ProjectOptions } from '../firm/ProjectOptions';
import { MAX_PROJECT_CODE, MAX_PROJECT_NAME, ProjectSchema } from '#shared/firm';

export function ProjectSection({
  signedIn,
  projectId,
  onChange,
  costCode,
  onCostCodeChange,
  disabled,
}: {
  signedIn: boolean;
  projectId: string | null;
  onChange: (projectId: string | null) => void;
  costCode: string | null;
  onCostCodeChange: (costCode: string | null) => void;
  disabled?: boolean;
}) {
  const { data } = useMyFirm(signedIn);
  const firm = signedIn ? data?.firm : null;
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState({ code: '', name: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!firm) return null;
  const project = firm.projects.find((p) => p.id === projectId) ?? null;
  const { requirePoNumber, requireCostCode } = firm.rules;
  const needs = [requirePoNumber && 'a PO number', requireCostCode && 'a project and a cost code'].filter(Boolean).join(' and ');

  async function addProject() {
    if (!firm) return;
    const parsed = ProjectSchema.safeParse(draft);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Please check the project.');
    setBusy(true);
    setProblem(null);
    try {
      const created = await changeFirm<{ projectId: string }>('POST', `/api/firms/${firm.id}/projects`, parsed.data);
      onChange(created.projectId);
      setAdding(false);
      setDraft({ code: '', name: '' });
    } catch (error) {
      setProblem(errorMessage(error, 'The project could not be added. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader
        title="Project"
        description={`${requireCostCode ? 'Required' : 'Optional'}. File this order under a ${firm.name} project: the receipt, the job ticket and the project’s statement name it.`}
      />
      <div className="grid gap-4 p-6">
        {needs ? (
          <p className="rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900" data-testid="firm-rules-note">
            {firm.name} orders need {needs} (your firm’s rule).
          </p>
        ) : null}
        <Field label={requireCostCode ? 'Project' : 'Project (optional)'} htmlFor="order-project">
          <Select id="order-project" value={projectId ?? ''} disabled={disabled} onChange={(e) => onChange(e.target.value || null)}>
            <ProjectOptions projects={firm.projects} none="No project" />
          </Select>
        </Field>
        {project && (project.costCodes.length > 0 || requireCostCode) ? (
          <Field
            label={requireCostCode ? 'Cost code' : 'Cost code (optional)'}
            htmlFor="order-cost-code"
            hint={project.costCodes.length === 0 ? 'This project has no cost codes yet: add them on the firm page.' : undefined}
          >
            <Select id="order-cost-code" value={costCode ?? ''} disabled={disabled} onChange={(e) => onCostCodeChange(e.target.value || null)}>
              <option value="">No cost code</option>
              {project.costCodes.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code} · {c.name}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        {adding ? (
          <div className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-3" role="group" aria-label="New project">
            <TextField
              id="new-project-code"
              label="Code"
              maxLength={MAX_PROJECT_CODE}
              value={draft.code}
              onChange={(e) => setDraft({ ...draft, code: e.target.value })}
              placeholder="A-101"
            />
            <TextField
              id="new-project-name"
              label="Project name"
              className="sm:col-span-2"
              maxLength={MAX_PROJECT_NAME}
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              placeholder="Hoboken Tower"
            />
            {problem && (
              <ErrorNote title="Could not add the project" className="sm:col-span-3">
                {problem}
              </ErrorNote>
            )}
            <div className="flex flex-wrap gap-2 sm:col-span-3">
              <Button type="button" onClick={() => void addProject()} disabled={busy}>
                {busy ? 'Adding…' : 'Add project'}
              </Button>
              <Button type="button" variant="outline" onClick={() => setAdding(false)} disabled={busy}>
                Cancel
              </Button>
            </div>
          </div>
        ) : (
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => setAdding(true)} disabled={disabled}>
              New project
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
