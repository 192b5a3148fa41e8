import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useRef, useState } from 'react';

// Radix Dialog unmounts its content on close. What the user did in the dialog (the phone typed, the
// code, the SMS button's 60 s countdown, the chosen tab, a WeChat binding in progress) is kept here
// by the dialog, which stays mounted, so reopening shows it as it was. Without a LoginMemory above
// (the /login page), useRemembered is plain state.

const Memory = createContext<Map<string, unknown> | null>(null);

export function LoginMemory({ children }: { children: ReactNode }) {
  const [memory] = useState(() => new Map<string, unknown>());
  return <Memory.Provider value={memory}>{children}</Memory.Provider>;
}

type Update<T> = T | ((previous: T) => T);

/**
 * useState whose value outlives the component (under a LoginMemory). Updates are written to the
 * memory at once, so an answer arriving after the dialog closed (a send in flight) is not lost.
 * `revive` adjusts a remembered value when the component mounts again (a countdown that ran out).
 */
export function useRemembered<T>(key: string, initial: T | (() => T), revive?: (remembered: T) => T): [T, (update: Update<T>) => void] {
  const memory = useContext(Memory);
  const [value, setValue] = useState<T>(() => {
    if (memory?.has(key)) {
      const remembered = memory.get(key) as T;
      return revive ? revive(remembered) : remembered;
    }
    return typeof initial === 'function' ? (initial as () => T)() : initial;
  });
  const latest = useRef(value);
  const set = useCallback(
    (update: Update<T>) => {
      const next = typeof update === 'function' ? (update as (previous: T) => T)(latest.current) : update;
      latest.current = next;
      memory?.set(key, next);
      setValue(next);
    },
    [memory, key],
  );
  return [value, set];
}
