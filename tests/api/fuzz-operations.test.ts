import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/lib/server/auth.server.ts';
import { createModuleApp } from '../../src/lib/modules/modules.routes.ts';
import { makeSso, DEV_KEY, silent } from '../../src/lib/sso/testing.server.ts';
import { createWorld, KICAD_CSV, upload, type World } from '../helpers/bom-world.ts';
import { Campaign, FUZZ_RUNS } from '../helpers/fuzz/campaign.ts';
import { requestFor, type FuzzRequest } from '../helpers/fuzz/fuzz-request.ts';
import type { KnownValues } from '../helpers/fuzz/hostile-values.ts';
import { operationsOf, type OpenApiDocument } from '../helpers/fuzz/openapi-operations.ts';
import { ssoOperations, ssoRequestFor } from '../helpers/fuzz/sso-operations.ts';

// Issue #18 item 3, the bad-input campaign over every operation: each operation of the OpenAPI
// documents the apps serve (/api, /api_module) and each route of the SSO gets requests generated
// by fast-check — malformed, oversized, wrongly typed and hostile path parameters, queries, JSON and
// form bodies and headers, logged in and anonymous, in zh and en — through the real app on a real
// database. No answer may be a 5xx or hang; every refusal is the envelope in the caller's language.
// FUZZ_RUNS (default 6 per operation) and FUZZ_SEED make a long campaign.

let world: World;
let campaign: Campaign;
const known: KnownValues = { integers: [1, 2, 3, 9001, 9002], uuids: [], strings: ['LM358DR-test', 'NE555P-test', 'LM358DR', '0603WAF1002T5E-test'] };
let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};
const freshSession = async () => (await createSession(world.database.db, world.alice.id, Math.floor(Date.now() / 1000))).token;

beforeAll(async () => {
  world = await createWorld();
  const token = world.alice.token;
  known.integers.push(world.alice.id, world.bob.id);
  // Rows the generated requests can reach: a BOM with its matching job, a persisted file.
  const bom = await upload<{ bomId: string }>(world, KICAD_CSV, 'fuzz.csv', { token });
  if (bom.body.result?.bomId) known.uuids.push(bom.body.result.bomId);
  const fd = new FormData();
  fd.append('file', new Blob(['(kicad_sch (version 20231120))']), 'x.kicad_sch');
  const persisted = (await (await world.app.request('/api/file/operation/persistence/file', { method: 'POST', headers: { 'x-token': token }, body: fd })).json()) as { result?: { id?: string } };
  if (persisted.result?.id) known.uuids.push(persisted.result.id);
  campaign = new Campaign(freshSession);
}, 120_000);

afterAll(async () => {
  console.log(`fuzz-operations ${JSON.stringify(campaign?.summary())}`);
  for (const f of campaign?.findings ?? []) console.log(`FINDING ${f.operation}: ${f.problem}\n  ${f.request}`);
  await world?.close();
});

const budget = (ops: number) => Math.max(120_000, ops * FUZZ_RUNS * 400);

async function fuzzDocument(fetcher: (url: string, init: RequestInit, ip: string) => Response | Promise<Response>, doc: OpenApiDocument, label: string) {
  const ops = operationsOf(doc);
  const before = campaign.findings.length;
  for (const op of ops) {
    const name = `${op.method} ${op.path}`;
    const ctx = { known, ips: nextIp };
    await campaign.run(name, requestFor(op, '', ctx), (req) => campaign.probe(fetcher, req, 'api'));
  }
  const found = campaign.findings.slice(before);
  expect(found.map((f) => `${f.operation}: ${f.problem}\n  ${f.request}`), `${label}: ${found.length} findings`).toEqual([]);
  return ops.length;
}

describe(`bad-input campaign over every operation (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it(
    '/api: every operation of /api/openapi.json',
    async () => {
      const doc = (await (await world.app.request('/api/openapi.json')).json()) as OpenApiDocument;
      const count = await fuzzDocument((url, init, ip) => world.app.request(`/api${url.replace(/^\/api/, '')}`, init, { ip }), doc, '/api');
      expect(count).toBeGreaterThan(150);
    },
    budget(200),
  );

  it(
    '/api_module: every operation of /api_module/openapi.json',
    async () => {
      const modules = createModuleApp({ db: world.database.db, logger: silent, hostOrigins: [] });
      const doc = (await (await modules.request('/api_module/openapi.json')).json()) as OpenApiDocument;
      const count = await fuzzDocument((url, init, ip) => modules.request(url, init, { ip }), doc, '/api_module');
      expect(count).toBeGreaterThanOrEqual(12);
    },
    budget(20),
  );

  it(
    '/sso: every route of the SSO app (no OpenAPI document: its routes are read from the app)',
    async () => {
      const clock = { now: Math.floor(Date.now() / 1000) };
      const sso = makeSso(world.database.db, clock);
      const ops = ssoOperations(sso.app);
      expect(ops.length).toBeGreaterThanOrEqual(15);
      const before = campaign.findings.length;
      for (const op of ops) {
        const name = `SSO ${op.method} ${op.path}`;
        const arbitrary = ssoRequestFor(op, { ips: nextIp, devKey: DEV_KEY });
        await campaign.run(name, arbitrary, (req: FuzzRequest) => campaign.probe((url, init, ip) => sso.app.request(`http://sso.test${url}`, init, { ip }), req, op.page ? 'ssoPage' : 'sso'));
      }
      const found = campaign.findings.slice(before);
      expect(found.map((f) => `${f.operation}: ${f.problem}\n  ${f.request}`)).toEqual([]);
    },
    budget(25),
  );
});
