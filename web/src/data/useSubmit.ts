/**
 * The one way a form sends: swr/mutation's useSWRMutation runs the action and keeps its busy and
 * error state; this hook adds what a shop's buttons need on top of it. `submit` resolves with the
 * action's result, or undefined when it failed (the message is then in `error`).
 *
 * What useSWRMutation leaves to us, kept here in one place: it runs every trigger, so a second press
 * on Pay before the button re-renders disabled would send a second payment (a press while one runs
 * is dropped); it reports only the latest of overlapping triggers (there is never more than one);
 * its isMutating goes false as soon as the action returns, so an action that navigates away keeps
 * the button busy itself (`keepBusyOnSuccess`); and it needs a key, which these actions have none of
 * (each hook gets its own from useId, and nothing reads it).
 */
import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import useSWRMutation from 'swr/mutation';
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

/** Wraps `action` in useSWRMutation with the guards above; `submit` keeps its identity. */
export function useSubmit<Args extends unknown[], Result>(action: (...args: Args) => Promise<Result>, options: SubmitOptions = {}) {
  const key = useId();
  // swr/mutation calls the fetcher of the latest render, so `action` may close over fresh state.
  const { trigger, reset, isMutating, error } = useSWRMutation<Result, unknown, [string, string], { args: Args }>(['submit', key], (_key, { arg }) =>
    action(...arg.args),
  );
  const latest = useRef(options);
  // Updated after each render (not during it), before any event can call `submit`.
  useLayoutEffect(() => {
    latest.current = options;
  });
  const running = useRef(false);
  const [keptBusy, setKeptBusy] = useState(false);

  const submit = useCallback(
    async (...args: Args): Promise<Result | undefined> => {
      // A second press while the first is running does nothing.
      if (running.current) return undefined;
      running.current = true;
      reset();
      let succeeded = false;
      try {
        const result = await trigger({ args });
        succeeded = true;
        return result;
      } catch (caught) {
        latest.current.onError?.(errorMessage(caught, latest.current.fallback), caught);
        return undefined;
      } finally {
        if (succeeded && latest.current.keepBusyOnSuccess) setKeptBusy(true);
        else running.current = false;
      }
    },
    [trigger, reset],
  );

  return { submit, busy: isMutating || keptBusy, error: error === undefined ? null : errorMessage(error, options.fallback) };
}
