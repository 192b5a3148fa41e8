// A start never stays silent (issue #31: a newcomer facing a quiet terminal for minutes concludes
// the project is broken). Long phases (opening the database, the demo catalogue load) report their
// latest state at a fixed pace, whatever their own progress callbacks do. PGlite runs on the main
// thread and can hold it for seconds (its WebAssembly compile, a large batch, a busy machine), so
// the lines come from a worker thread that writes the file descriptor itself.
import { Worker } from 'node:worker_threads';

export type Ticker = { note: (state: string) => void; stop: () => void };

const TICKER = `
const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');
const { writeSync } = process.getBuiltinModule('node:fs');
const started = Date.now();
let state = 'started';
parentPort.on('message', (m) => { state = m; });
setInterval(() => {
  try {
    writeSync(workerData.fd, 'chipedia: ' + workerData.label + ': ' + state + ' (' + Math.round((Date.now() - started) / 1000) + ' s)\\n');
  } catch {}
}, workerData.everyMs);
`;

/**
 * Writes `chipedia: <label>: <latest state> (<seconds> s)` to `fd` (stdout) every `everyMs` (5 s:
 * two lines within any 10 s window) until stopped.
 */
export function startTicker(label: string, everyMs = 5_000, fd = 1): Ticker {
  const worker = new Worker(TICKER, { eval: true, workerData: { label, everyMs, fd }, stdout: false, stderr: false });
  worker.unref();
  return {
    note: (state) => worker.postMessage(state),
    stop: () => void worker.terminate(),
  };
}
