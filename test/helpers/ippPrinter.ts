/**
 * A real IPP Everywhere printer for tests: CUPS's `ippeveprinter` (Debian cups-ipp-utils), declared
 * as a wide-format plotter (every paper's PWG name, 11" x 17" too, color and monochrome, print-scaling none,
 * PDF), keeping every document it receives in its spool folder. It needs a D-Bus system bus even
 * with DNS-SD off, so each printer gets a private one (see /work/shared/PITFALLS.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './net';

export type IppPrinter = {
  uri: string;
  spool: string;
  /** The files of the documents the printer received for job `id`, as it keeps them (not its plot's output, `<id>-<name>.prn`). */
  documents(id: number): string[];
  stop(): Promise<void>;
};

/** Where ippeveprinter is, or null when the machine has none. */
export function ippeveprinterPath(): string | null {
  for (const p of ['/usr/sbin/ippeveprinter', '/usr/bin/ippeveprinter']) if (fs.existsSync(p)) return p;
  return null;
}

const ATTRIBUTES = `ATTR keyword media-supported na_arch-d_24x36in,na_wide-format_30x42in,na_arch-b_12x18in,custom_15x21_15x21in,na_ledger_11x17in
ATTR keyword media-default na_arch-d_24x36in
ATTR keyword print-color-mode-supported color,monochrome
ATTR keyword print-color-mode-default color
ATTR keyword print-scaling-supported none,auto,fit,fill
ATTR keyword print-scaling-default none
ATTR mimeMediaType document-format-supported application/pdf,application/octet-stream
`;

/** How long the test plotter takes to print a job. */
const PLOT_SECONDS = 3;

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Starts a plotter; `stop()` ends it and its bus and removes its folder. With `command`, the printer
 * runs it on each job's document (`-c`); a command that fails aborts the job, as a jammed plotter does.
 */
export async function startIppPrinter(name = 'Test Plotter', options: { command?: string } = {}): Promise<IppPrinter> {
  const bin = ippeveprinterPath();
  if (!bin) throw new Error('ippeveprinter is not installed (apt-get install cups-ipp-utils)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ippeve-'));
  const spool = path.join(dir, 'spool');
  fs.mkdirSync(spool);
  fs.writeFileSync(path.join(dir, 'attrs'), ATTRIBUTES);
  const bus = path.join(dir, 'bus');
  const dbus = spawn('dbus-daemon', ['--session', '--nofork', `--address=unix:path=${bus}`], { stdio: 'ignore' });
  await until(() => fs.existsSync(bus), 'the D-Bus socket');
  const port = await freePort();
  // Without a command ippeveprinter "prints" by sleeping 5 to 15 s a job; a plotter that takes three
  // seconds a job is still busy while a test sends it another, and the file's jobs do not queue for
  // half a minute behind each other.
  const plot = path.join(dir, 'plot');
  fs.writeFileSync(plot, `#!/bin/sh\nsleep ${PLOT_SECONDS}\n`, { mode: 0o755 });
  const command = ['-c', options.command ?? plot];
  const printer = spawn(bin, ['-r', 'off', '-n', 'localhost', '-p', String(port), '-k', '-d', spool, ...command, '-a', path.join(dir, 'attrs'), name], {
    stdio: 'ignore',
    env: { ...process.env, DBUS_SYSTEM_BUS_ADDRESS: `unix:path=${bus}` },
  });
  await until(() => answers(port), 'ippeveprinter to listen');
  return {
    uri: `ipp://localhost:${port}/ipp/print`,
    spool,
    documents: (id) =>
      fs
        .readdirSync(spool)
        .filter((n) => n.startsWith(`${id}-`) && !n.endsWith('.prn'))
        .map((n) => path.join(spool, n)),
    async stop() {
      await stopProcess(printer);
      await stopProcess(dbus);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
