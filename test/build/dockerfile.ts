/**
 * A small reader for our Dockerfile, so a test can run its stages' commands where `docker build`
 * cannot run. It understands what the Dockerfile uses: FROM … AS, WORKDIR, ENV, COPY (with --from),
 * RUN (with --mount), USER, EXPOSE and CMD in JSON form; line continuations and comments.
 */

export type Step =
  | { kind: 'COPY'; from: string | null; sources: string[]; dest: string }
  | { kind: 'RUN'; command: string }
  | { kind: 'ENV'; name: string; value: string }
  | { kind: 'WORKDIR'; dir: string }
  | { kind: 'USER'; user: string }
  | { kind: 'EXPOSE'; port: number }
  | { kind: 'CMD'; argv: string[] };

export type Stage = { name: string; base: string; steps: Step[] };

/** The stages in file order; a stage `FROM <earlier stage>` keeps its base's name in `base`. */
export function parseDockerfile(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, instruction, rest] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (!instruction) throw new Error(`Cannot read Dockerfile line: ${line}`);
    if (instruction === 'FROM') {
      const [, base, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest) ?? [];
      stages.push({ name: name ?? String(stages.length), base, steps: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${instruction} before FROM`);
    stage.steps.push(parseStep(instruction, rest));
  }
  return stages;
}

function parseStep(instruction: string, rest: string): Step {
  switch (instruction) {
    case 'COPY': {
      const words = rest.split(/\s+/);
      const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length) ?? null;
      const paths = words.filter((w) => !w.startsWith('--'));
      return { kind: 'COPY', from, sources: paths.slice(0, -1), dest: paths.at(-1) as string };
    }
    case 'RUN':
      // BuildKit flags such as --mount=type=cache only change where npm keeps its cache.
      return { kind: 'RUN', command: rest.replace(/^(--\S+\s+)+/, '') };
    case 'ENV': {
      const [, name, value] = /^(\w+)[=\s]+(.*)$/.exec(rest) ?? [];
      return { kind: 'ENV', name, value };
    }
    case 'WORKDIR':
      return { kind: 'WORKDIR', dir: rest };
    case 'USER':
      return { kind: 'USER', user: rest };
    case 'EXPOSE':
      return { kind: 'EXPOSE', port: Number(rest) };
    case 'CMD':
      return { kind: 'CMD', argv: JSON.parse(rest) as string[] };
    default:
      throw new Error(`Unsupported Dockerfile instruction ${instruction}`);
  }
}

/** A stage's steps with those of the stages it is built FROM first (runtime → release, …). */
export function stepsOf(stages: Stage[], name: string): Step[] {
  const stage = stages.find((s) => s.name === name);
  if (!stage) throw new Error(`No stage ${name}`);
  const parent = stages.find((s) => s.name === stage.base);
  return [...(parent ? stepsOf(stages, parent.name) : []), ...stage.steps];
}

/** The stage's command (its own CMD or its base stage's). */
export function commandOf(stages: Stage[], name: string): string[] {
  const cmd = stepsOf(stages, name)
    .filter((s): s is Extract<Step, { kind: 'CMD' }> => s.kind === 'CMD')
    .at(-1);
  if (!cmd) throw new Error(`Stage ${name} has no CMD`);
  return cmd.argv;
}
