/** A firm's projects as a select's options ("A-101 · Hoboken Tower"), after the one for none. */
import type { FirmProjectJson } from '#shared/firm';
import { projectText } from '#shared/orderText';

export function ProjectOptions({ projects, none }: { projects: readonly FirmProjectJson[]; none: string }) {
  return (
    <>
      <option value="">{none}</option>
      {projects.map((p) => (
        <option key={p.id} value={p.id}>
          {projectText(p)}
        </option>
      ))}
    </>
  );
}
