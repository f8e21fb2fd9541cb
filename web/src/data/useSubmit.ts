/**
 * The one way a form sends: `busy` while the action runs, `error` with the server's message when it
 * throws, and the try/finally in one place. `submit` resolves with the action's result, or
 * undefined when it failed (the error is then in `error`).
 *
 * Not swr/mutation's useSWRMutation: it runs every trigger, so a second press on Pay before the
 * button re-renders disabled would send a second payment; it calls onError only for the latest of
 * overlapping triggers; its isMutating cannot stay busy while a successful action navigates away;
 * and it needs a cache key these actions do not have. Wrapped to do all that, it would be this hook.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from './client';

/**
 * The message a person reads for a failed request: the server's, or one we threw on purpose. The
 * browser's own errors (a network failure's "Failed to fetch", a JSON parse error) get `fallback`.
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof TypeError || error instanceof SyntaxError) return fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export type SubmitOptions = {
  /** What `error` says when the failure has no message of its own. */
  fallback?: string;
  /** Called with the message after a failure (a toast, for forms without an inline error). */
  onError?: (message: string, error: unknown) => void;
  /**
   * The action navigates away on success: stay busy (and ignore presses) while the old page
   * animates out, instead of offering the button again for a moment.
   */
  keepBusyOnSuccess?: boolean;
};

/** Wraps `action` with busy and error state; see the module comment. `submit` keeps its identity. */
export function useSubmit<Args extends unknown[], Result>(action: (...args: Args) => Promise<Result>, options: SubmitOptions = {}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef({ action, options });
  // Updated after each render (not during it), before any event can call `submit`.
  useLayoutEffect(() => {
    latest.current = { action, options };
  });
  const running = useRef(false);

  const submit = useCallback(async (...args: Args): Promise<Result | undefined> => {
    // A second press while the first is running does nothing.
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    setError(null);
    let succeeded = false;
    try {
      const result = await latest.current.action(...args);
      succeeded = true;
      return result;
    } catch (caught) {
      const message = errorMessage(caught, latest.current.options.fallback);
      setError(message);
      latest.current.options.onError?.(message, caught);
      return undefined;
    } finally {
      if (!(succeeded && latest.current.options.keepBusyOnSuccess)) {
        running.current = false;
        setBusy(false);
      }
    }
  }, []);

  return { submit, busy, error, setError };
}
