/** Per-file setup: an unexpected console.error fails the test that caused it. */
import { afterEach, beforeEach, vi } from 'vitest';

let errors: unknown[][] = [];
let allowed = false;

/** Lets the current test log console.error (for tests that provoke an error on purpose). */
export function allowConsoleErrors(): void {
  allowed = true;
}

beforeEach(() => {
  errors = [];
  allowed = false;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (!allowed && errors.length > 0) {
    throw new Error(`Unexpected console.error:\n${errors.map((e) => e.map(String).join(' ')).join('\n')}`);
  }
});
