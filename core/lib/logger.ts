/** A small leveled logger writing one line per event to stderr (stdout stays free for tools). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Logger = {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(scope: string): Logger;
  /** True when events at `at` are written: lets hot paths skip building a message nobody reads. */
  enabled(at: LogLevel): boolean;
};

/** Creates a logger that drops events below `level`. */
export function createLogger(level: LogLevel = 'info', scope = 'shop'): Logger {
  const write = (at: LogLevel, message: string, fields?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    const extra = fields ? ' ' + JSON.stringify(fields, errorReplacer) : '';
    process.stderr.write(`${new Date().toISOString()} ${at.toUpperCase().padEnd(5)} [${scope}] ${message}${extra}\n`);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (child) => createLogger(level, `${scope}:${child}`),
    enabled: (at) => ORDER[at] >= ORDER[level],
  };
}

function errorReplacer(_key: string, value: unknown) {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}
