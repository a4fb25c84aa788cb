import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Sets parameters of the address (an empty value removes one), replacing the history entry, so Back leaves the
 * page rather than stepping through every filter tried. Several at once
 * go in one call: the router's functional updates do not queue, so a second call would undo the first.
 */
export function useSetParams(): (changes: Record<string, string>) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (changes: Record<string, string>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(changes)) {
            if (value === '') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
}

/** `value`, once it has stopped changing for `delay` milliseconds. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * A text field bound to one address parameter: what is typed goes to the address once typing pauses (or at
 * once with `commit`, on Enter), and a change of the address (Back, a link, "Clear") shows in the field.
 */
export function useDebouncedParam(name: string, delay = 350) {
  const [params] = useSearchParams();
  const setParams = useSetParams();
  const inAddress = params.get(name)?.trim() ?? '';
  const [text, setText] = useState(inAddress);
  const [seen, setSeen] = useState(inAddress);
  // The address changed under the field: show its value, unless it is only what was typed, tidied.
  if (inAddress !== seen) {
    setSeen(inAddress);
    if (inAddress !== text.trim()) setText(inAddress);
  }

  useEffect(() => {
    if (text.trim() === inAddress) return;
    const timer = setTimeout(() => setParams({ [name]: text.trim() }), delay);
    return () => clearTimeout(timer);
  }, [text, inAddress, name, delay, setParams]);

  const commit = useCallback(() => setParams({ [name]: text.trim() }), [name, text, setParams]);
  return { value: inAddress, text, setText, commit };
}
