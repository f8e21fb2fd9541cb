import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isKnownDriverRestartBug, PARENT_CHECK_MS } from './processGuards';

const GUARDS = fileURLToPath(new URL('./processGuards.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A process that exists and is not a zombie waiting for a new parent to reap it. */
function running(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

describe('isKnownDriverRestartBug', () => {
  it('recognises only the postgres.js nextWrite TypeError', () => {
    const bug = new TypeError("Cannot read properties of null (reading 'write')");
    bug.stack = `TypeError: Cannot read properties of null (reading 'write')\n    at nextWrite (/app/node_modules/postgres/src/connection.js:249:12)`;
    expect(isKnownDriverRestartBug(bug)).toBe(true);
    const other = new TypeError('x is not a function');
    other.stack = 'TypeError: x is not a function\n    at handler (/app/api/src/routes/orders.ts:10:3)';
    expect(isKnownDriverRestartBug(other)).toBe(false);
    expect(isKnownDriverRestartBug(new Error('nextWrite postgres/src/connection.js'))).toBe(false);
  });
});

describe('exitWithParent', () => {
  it('ends a child whose parent is SIGKILLed, forked (IPC) or spawned', { timeout: 60_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-orphan-'));
    let pids: number[] = [];
    let parent: ChildProcess | null = null;
    try {
      // A child that calls exitWithParent() and would otherwise run for good, and a parent that
      // starts it twice (spawned, and forked with an IPC channel), prints their pids and waits.
      const child = path.join(dir, 'child.mts');
      fs.writeFileSync(child, `import { exitWithParent } from ${JSON.stringify(GUARDS)};\nexitWithParent();\nsetInterval(() => {}, 1000);\n`);
      const parentScript = `
        const { fork, spawn } = require('node:child_process');
        const spawned = spawn(process.execPath, ['--import', 'tsx', ${JSON.stringify(child)}], { stdio: 'ignore' });
        const forked = fork(${JSON.stringify(child)}, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
        console.log(JSON.stringify([spawned.pid, forked.pid]));
        setInterval(() => {}, 1000);`;
      const started = spawn(process.execPath, ['-e', parentScript], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
      parent = started;
      pids = await new Promise<number[]>((resolve) => started.stdout.once('data', (d: Buffer) => resolve(JSON.parse(d.toString()) as number[])));
      expect(pids).toHaveLength(2);
      // Both children are up (tsx loaded, the guard installed) before the parent dies.
      await new Promise((r) => setTimeout(r, 4_000));
      expect(pids.filter(running)).toEqual(pids);
      started.kill('SIGKILL');
      await new Promise((r) => started.once('exit', r));
      await expect.poll(() => pids.filter(running), { timeout: PARENT_CHECK_MS * 5, interval: 100 }).toEqual([]);
    } finally {
      // Nothing of this test outlives it, whatever failed.
      if (parent?.exitCode === null && parent.signalCode === null) parent.kill('SIGKILL');
      for (const pid of pids.filter(running)) process.kill(pid, 'SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
