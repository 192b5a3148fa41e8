import { importOffersFile, type ListedRefusal } from '../../offers/offers-import.server.ts';
import { serverMessage } from '../../server/messages/server-message.ts';
import type { Database } from '../../server/db/client.server.ts';
import { defineJob } from '../runner.server.ts';

// `import-offers`: one NDJSON/CSV offers file into supply_offers (offers-import.server.ts). The
// import is one transaction, so a cancelled or interrupted job leaves nothing half-written and
// running it again starts over (the resume of an all-or-nothing import). A file with refused
// lines fails the job (its message gives the count) unless `skipBad` is set; its row keeps the count.

export class OffersRefusedError extends Error {
  constructor(count: number) {
    super(`${serverMessage('offers.import.refusedFile', 'zh', { count })} / ${serverMessage('offers.import.refusedFile', 'en', { count })}`);
    this.name = 'OffersRefusedError';
  }
}

export function importOffersJob(database: Database, hooks: { onRefusal?: (r: ListedRefusal) => void } = {}) {
  return defineJob('import-offers', async (input, ctx) => {
    ctx.progress({ phase: 'lines', done: 0, total: null });
    const summary = await importOffersFile(database, input.file, {
      skipBad: input.skipBad,
      signal: ctx.signal,
      ...(hooks.onRefusal ? { onRefusal: hooks.onRefusal } : {}),
      onProgress: ({ lines, accepted, refused }) => ctx.progress({ done: lines, message: `${accepted} accepted, ${refused} refused` }),
    });
    if (!summary.applied) throw new OffersRefusedError(summary.refused);
    const { refusals: _listed, ...rest } = summary;
    return rest;
  });
}
