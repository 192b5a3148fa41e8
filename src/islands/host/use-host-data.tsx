import { useCallback, useEffect, useRef, useState } from 'react';
import { isEmbedded } from '../../lib/client/host-bridge.ts';
import { requestHostData, type HostDataKind, type HostFile } from '../../lib/client/host-data.ts';

// A page's wait for the host's data (ADR 0015 §1): asked once when `enabled` turns true inside a
// host, and again on demand; in a plain browser nothing is asked and the page's own upload stays.

export type HostDataState = { phase: 'off' | 'asking' | 'received' | 'none'; count: number };

export function useHostData(what: HostDataKind, enabled: boolean, onFiles: (files: HostFile[]) => void): HostDataState & { again: () => void } {
  const [state, setState] = useState<HostDataState>({ phase: 'off', count: 0 });
  const take = useRef(onFiles);
  useEffect(() => {
    take.current = onFiles;
  });
  const ask = useCallback(() => {
    if (!isEmbedded()) return;
    setState({ phase: 'asking', count: 0 });
    void requestHostData(what).then((files) => {
      if (!files || files.length === 0) return setState({ phase: 'none', count: 0 });
      setState({ phase: 'received', count: files.length });
      take.current(files);
    });
  }, [what]);
  const asked = useRef(false);
  useEffect(() => {
    if (!enabled || asked.current) return;
    asked.current = true;
    ask();
  }, [enabled, ask]);
  return { ...state, again: ask };
}

/** One line telling where the page's data stands, with 'ask again'. Nothing outside a host. */
export function HostDataStatus({ state, labels, onAgain }: { state: HostDataState; labels: Record<string, string>; onAgain: () => void }) {
  if (state.phase === 'off') return null;
  const L = (k: string) => labels[`host.${k}`] ?? k;
  const text = state.phase === 'asking' ? L('fromHostAsking') : state.phase === 'none' ? L('fromHostNone') : L('fromHostFiles').replace('{n}', String(state.count));
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" role="status" data-testid="host-data-status" data-phase={state.phase}>
      <span>{text}</span>
      {state.phase !== 'asking' && (
        <button type="button" className="text-brand-700 underline" onClick={onAgain}>
          {L('fromHostAgain')}
        </button>
      )}
    </p>
  );
}
