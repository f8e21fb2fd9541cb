/** A firm's projects, which its orders name for their statements, and each project's cost codes. */
import type { CostCodeJson } from '#shared/firm';
import type { Queryable } from '../../lib/db';
import { conflict, notFound } from '../../lib/errors';

async function refuseTakenCode(tx: Queryable, input: { firmId: string; code: string; projectId?: string }): Promise<void> {
  const [taken] = await tx`
    select 1 from firm_projects where firm_id = ${input.firmId} and lower(code) = lower(${input.code}) and id is distinct from ${input.projectId ?? null}::uuid`;
  if (taken) throw conflict(`This firm already has a project with the code ${input.code}.`);
}

/** A new project of the firm; 409 when the firm already has a project with that code (any case). */
export async function createProject(
  tx: Queryable,
  input: { firmId: string; userId: string; name: string; code: string; costCodes?: CostCodeJson[] },
): Promise<string> {
  await refuseTakenCode(tx, input);
  const [project] = await tx<{ id: string }[]>`
    insert into firm_projects (firm_id, name, code, created_by_user_id, cost_codes)
    values (${input.firmId}, ${input.name}, ${input.code}, ${input.userId}, ${tx.json(input.costCodes ?? [])})
    returning id`;
  return project.id;
}

/**
 * Changes a project's name, code or cost codes (those given; the list of cost codes is replaced
 * whole). Placed orders keep the code, name and cost code they were placed with. 404 for another
 * firm's project; 409 for a code another project of the firm has.
 */
export async function updateProject(
  tx: Queryable,
  input: { firmId: string; projectId: string; name?: string; code?: string; costCodes?: CostCodeJson[] },
): Promise<void> {
  if (input.code !== undefined) await refuseTakenCode(tx, { firmId: input.firmId, code: input.code, projectId: input.projectId });
  const rows = await tx`
    update firm_projects set
      name = coalesce(${input.name ?? null}::text, name),
      code = coalesce(${input.code ?? null}::text, code),
      cost_codes = coalesce(${input.costCodes ? tx.json(input.costCodes) : null}::jsonb, cost_codes)
    where id = ${input.projectId} and firm_id = ${input.firmId}
    returning id`;
  if (rows.length === 0) throw notFound('Project not found.');
}
