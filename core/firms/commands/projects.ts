/** A firm's projects, which its orders name for their statements. */
import type { Queryable } from '../../lib/db';
import { conflict } from '../../lib/errors';

/** A new project of the firm; 409 when the firm already has a project with that code (any case). */
export async function createProject(tx: Queryable, input: { firmId: string; userId: string; name: string; code: string }): Promise<string> {
  const [taken] = await tx`select 1 from firm_projects where firm_id = ${input.firmId} and lower(code) = lower(${input.code})`;
  if (taken) throw conflict(`This firm already has a project with the code ${input.code}.`);
  const [project] = await tx<{ id: string }[]>`
    insert into firm_projects (firm_id, name, code, created_by_user_id) values (${input.firmId}, ${input.name}, ${input.code}, ${input.userId})
    returning id`;
  return project.id;
}
