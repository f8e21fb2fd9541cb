/**
 * The one way a form sends: `busy` while the action runs, `error` with the server's message when it
 * throws, and the try/finally in one place. `submit` resolves with the action's result, or
 * undefined when it failed (the error is then in `error`).
 */
import { useCallback, useRef, useState } from 'react';
import { ApiError } from './client';

/** The message a person reads for a failed request. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export function useSubmit<Args extends unknown[], Result>(action: (...args: Args) => Promise<Result>, options: { fallback?: string; onError?: (message: string, error: unknown) => void } = {}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef({ action, options });
  latest.current = { action, options };
  const running = useRef(false);

  const submit = useCallback(async (...args: Args): Promise<Result | undefined> => {
    // A second press while the first is running does nothing.
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      return await latest.current.action(...args);
    } catch (caught) {
      const message = errorMessage(caught, latest.current.options.fallback);
      setError(message);
      latest.current.options.onError?.(message, caught);
      return undefined;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return { submit, busy, error, setError };
}
