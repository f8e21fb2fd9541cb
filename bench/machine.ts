/** The machine a figure was measured on, in one line, for every result a benchmark prints. */
import fs from 'node:fs';
import os from 'node:os';

/** Cores, CPU model (from /proc/cpuinfo), Node, load average over 1 and 5 minutes, and the time. */
export function machineLine(): string {
  const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /model name\s*:\s*(.*)/.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? 'cpu';
  const [one, five] = os.loadavg();
  return `Machine: ${os.cpus().length} × ${model}, Node ${process.version}; load average ${one.toFixed(1)} (5 min ${five.toFixed(1)}); ${new Date().toISOString()}`;
}
