/**
 * The import rules of docs/architecture.md bite: dependency-cruiser, with the project's own
 * configuration, is run over a small tree that breaks each rule once and a tree that breaks none.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#core/lib/paths';
import { tempDirForFile } from '#test/helpers/tempDir';

const config = createRequire(import.meta.url)(path.join(PROJECT_ROOT, '.dependency-cruiser.cjs')) as IConfiguration;
let dir = '';
tempDirForFile('import-rules-', (d) => (dir = d));

function writeTree(root: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
}

async function violations(root: string): Promise<string[]> {
  const result = await cruise(
    ['.'],
    { validate: true, ruleSet: { forbidden: config.forbidden }, baseDir: root, tsPreCompilationDeps: true },
    { extensions: ['.ts'] },
  );
  if (typeof result.output === 'string') throw new Error(result.output);
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe('the import rules', () => {
  it('name every layer breach and every circle', async () => {
    const root = path.join(dir, 'broken');
    writeTree(root, {
      'shared/money.ts': "import '../core/lib/db';\n",
      'web/src/page.ts': "import '../../core/lib/db';\n",
      'core/lib/db.ts': "import '../../api/src/routes/health';\n",
      'api/src/routes/health.ts': "import './orders';\n",
      'api/src/routes/orders.ts': 'export const orders = 1;\n',
      'worker/src/task.ts': "import '../../api/src/middleware/errors';\nimport '../../test/helpers/kit';\n",
      'api/src/middleware/errors.ts': 'export const errors = 1;\n',
      'test/helpers/kit.ts': 'export const kit = 1;\n',
      'scripts/a.ts': "import './b';\n",
      'scripts/b.ts': "import './a';\n",
    });
    expect(await violations(root)).toEqual([
      'core-imports-core-and-shared: core/lib/db.ts -> api/src/routes/health.ts',
      'no-circles: scripts/a.ts -> scripts/b.ts',
      'production-never-imports-tests: worker/src/task.ts -> test/helpers/kit.ts',
      'routes-never-import-routes: api/src/routes/health.ts -> api/src/routes/orders.ts',
      'shared-is-pure: shared/money.ts -> core/lib/db.ts',
      'web-imports-web-and-shared: web/src/page.ts -> core/lib/db.ts',
      'worker-never-imports-http: worker/src/task.ts -> api/src/middleware/errors.ts',
      'worker-never-imports-http: worker/src/task.ts -> test/helpers/kit.ts',
    ]);
  });

  it('let every layer import what it may', async () => {
    const root = path.join(dir, 'sound');
    writeTree(root, {
      'shared/money.ts': 'export const money = 1;\n',
      'web/src/page.ts': "import '../../shared/money';\n",
      'core/lib/db.ts': "import '../../shared/money';\n",
      'api/src/routes/index.ts': "import './health';\n",
      'api/src/routes/health.ts': "import '../../../core/lib/db';\n",
      'api/src/routes/health.test.ts': "import './index';\nimport '../../../test/helpers/kit';\n",
      'worker/src/task.ts': "import '../../core/lib/db';\n",
      'test/helpers/kit.ts': "import '../../api/src/routes/index';\n",
    });
    expect(await violations(root)).toEqual([]);
  });
});
