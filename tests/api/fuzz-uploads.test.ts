import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../helpers/bom-world.ts';
import { Campaign, FUZZ_LONG, FUZZ_TIMEOUT_MS } from '../helpers/fuzz/campaign.ts';
import { describe as describeRequest, type FuzzRequest, type Lang } from '../helpers/fuzz/fuzz-request.ts';
import { hostileCorpus, type HostileFile } from '../helpers/fuzz/hostile-files.ts';
import { operationsOf, type OpenApiDocument, type Operation } from '../helpers/fuzz/openapi-operations.ts';
import { designAnalysesSettled } from '../../src/lib/designs/design-analysis.server.ts';
import { designs } from '../../src/lib/server/db/schema/index.ts';
import { makeUser } from '../helpers/test-user.ts';

// Issue #18 item 3, the hostile files: every upload operation of the OpenAPI document (each
// multipart operation with a file field, and each JSON operation that takes a file's text) gets
// every file of the generated corpus (tests/helpers/fuzz/hostile-files.ts) under its own name and
// under the name the operation expects, in zh and en. No answer may be a 5xx or take longer than
// FUZZ_TIMEOUT_MS; refusals are the envelope in the caller's language; the background work the
// uploads start (design analysis) ends without a crashed worker.

let world: World;
let corpus: HostileFile[];
let designId: string | undefined;
/** Uploaders take turns: per-user upload limits (datasheets: 30 in 10 minutes) would otherwise answer for the files. */
let uploaders: { id: number; token: string }[] = [];
const campaign = new Campaign(async () => world.alice.token);
const msByOperation: Record<string, number> = {};
let ipCounter = 0;
const nextIp = () => `10.77.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

/** The extension each upload expects first, so a hostile file also arrives under a name it accepts. */
const EXPECTED: Record<string, string> = {
  '/api/chiplet/u/base/uploadImage': 'png',
  '/api/chiplet/bom/upload': 'xlsx',
  '/api/chiplet/viewer/upload': 'zip',
  '/api/chiplet/viewer/doc/upload': 'pdf',
  '/api/design/user': 'zip',
  '/api/rag/upload/pdf': 'pdf',
  '/api/chiplet/u/asset/upload/list': 'kicad_sym',
  '/api/file/operation/persistence/file': 'kicad_sch',
  '/api/file/operation/kicad/persistence/file': 'kicad_sch',
};

beforeAll(async () => {
  world = await createWorld();
  corpus = hostileCorpus();
  uploaders = [world.alice];
  for (let i = 0; i < 5; i++) uploaders.push(await makeUser(world.database.db, `fuzz-uploader-${i}`));
  // A design of alice's to attach documents to: a minimal, valid project.
  const fd = new FormData();
  fd.append('file', new Blob(['{"meta":{"filename":"fuzz.kicad_pro","version":1}}']), 'fuzz.kicad_pro');
  fd.append('file', new Blob(['(kicad_sch (version 20231120) (generator "eeschema") (uuid "6f1c1f4e-0000-4000-8000-000000000001") (paper "A4"))']), 'fuzz.kicad_sch');
  const res = await world.app.request('/api/chiplet/viewer/upload', { method: 'POST', headers: { 'x-token': world.alice.token }, body: fd });
  designId = ((await res.json()) as { result?: { designId?: string } }).result?.designId;
}, 120_000);

afterAll(async () => {
  console.log(`fuzz-uploads ${JSON.stringify({ ...campaign.summary(), msByOperation })}`);
  for (const f of campaign.findings) console.log(`FINDING ${f.operation}: ${f.problem}\n  ${f.request}`);
  await world?.close();
});

/** Form fields an operation needs besides the file, so that the file is read and not refused first. */
function fieldsFor(path: string): Record<string, string> {
  if (path === '/api/design/user') return { title: 'fuzz', licence: 'MIT', visibility: 'private' };
  if (path === '/api/chiplet/viewer/doc/upload') return designId ? { designId } : {};
  return {};
}

function uploadRequest(op: Operation, field: string, file: HostileFile, name: string, lang: Lang, n: number): FuzzRequest {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fieldsFor(op.path))) fd.append(k, v);
  fd.append(field, new Blob([file.bytes as Uint8Array<ArrayBuffer>]), name);
  // The design's documents go to its owner (alice); other uploads rotate over the uploaders.
  const token = op.path === '/api/chiplet/viewer/doc/upload' ? world.alice.token : uploaders[n % uploaders.length]!.token;
  return { method: op.method, url: op.path, headers: { 'x-token': token, cookie: `locale=${lang}` }, body: fd, lang, ip: nextIp() };
}

/** The file's text as a JSON operation receives it (invalid UTF-8 becomes U+FFFD, as a browser's would). */
function textRequest(op: Operation, textField: string, file: HostileFile, lang: Lang, n: number): FuzzRequest {
  const content = new TextDecoder().decode(file.bytes);
  const body: Record<string, string> = { [textField]: content, fileName: file.name };
  if (op.body?.schema.properties?.name) body.name = 'fuzz';
  const token = uploaders[n % uploaders.length]!.token;
  return { method: op.method, url: op.path, headers: { 'x-token': token, cookie: `locale=${lang}`, 'content-type': 'application/json' }, body: JSON.stringify(body), lang, ip: nextIp() };
}

const fetcher = (url: string, init: RequestInit, ip: string) => world.app.request(url, init, { ip });

describe(`hostile files to every upload (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it(
    'no 5xx, no hang, refusals in the envelope and the caller’s language; no crashed worker afterwards',
    async () => {
      const doc = (await (await world.app.request('/api/openapi.json')).json()) as OpenApiDocument;
      const ops = operationsOf(doc);
      const uploads = ops.filter((op) => op.body?.kind === 'multipart' && Object.values(op.body.schema.properties ?? {}).some((s) => s.format === 'binary'));
      const textUploads = ops.filter((op) => op.body?.kind === 'json' && (op.body.schema.properties?.schematic || op.body.schema.properties?.content));
      expect(uploads.map((op) => op.path).sort()).toEqual(Object.keys(EXPECTED).sort());
      expect(textUploads.length).toBeGreaterThanOrEqual(4);
      expect(designId, 'the design documents are attached to').toBeTruthy();
      campaign.files = corpus.length;
      let n = 0;
      for (const op of uploads) {
        campaign.operations++;
        const field = Object.entries(op.body!.schema.properties!).find(([, s]) => s.format === 'binary')![0];
        const opStarted = performance.now();
        for (const [i, file] of corpus.entries()) {
          // Its own name and the name the operation expects; in CI one of the two, in turn, so each pair is tried across operations.
          const both = [file.name, file.name.replace(/\.[^.]+$/, `.${EXPECTED[op.path]}`)];
          const names = new Set(FUZZ_LONG ? both : [both[(i + uploads.indexOf(op)) % 2]!]);
          for (const name of names) {
            const req = uploadRequest(op, field, file, name, n % 2 === 0 ? 'zh' : 'en', n++);
            const problem = await campaign.probe(fetcher, req, 'api');
            if (problem) campaign.findings.push({ operation: `${op.method} ${op.path}`, problem: `${file.label} as ${name}: ${problem}`, request: describeRequest(req) });
          }
        }
        msByOperation[op.path] = Math.round(performance.now() - opStarted);
      }
      for (const op of textUploads) {
        campaign.operations++;
        const textField = op.body!.schema.properties!.schematic ? 'schematic' : 'content';
        const opStarted = performance.now();
        for (const file of corpus) {
          const req = textRequest(op, textField, file, n % 2 === 0 ? 'zh' : 'en', n++);
          const problem = await campaign.probe(fetcher, req, 'api');
          if (problem) campaign.findings.push({ operation: `${op.method} ${op.path}`, problem: `${file.label}: ${problem}`, request: describeRequest(req).slice(0, 200) });
        }
        msByOperation[op.path] = Math.round(performance.now() - opStarted);
      }
      // The analyses the design uploads queued: each ends, none by a crash (a worker's exception).
      let settledInTime = true;
      await Promise.race([designAnalysesSettled(), new Promise((r) => setTimeout(r, FUZZ_TIMEOUT_MS * 4)).then(() => (settledInTime = false))]);
      const analysed = await world.database.db.select({ id: designs.id, analysis: designs.analysis, analysisError: designs.analysisError }).from(designs);
      for (const d of analysed.filter((d) => d.analysis === 'pending' || JSON.stringify(d.analysisError ?? '').includes('crashed'))) {
        campaign.findings.push({ operation: 'design analysis', problem: `${d.analysis} ${JSON.stringify(d.analysisError)}`, request: d.id });
      }
      const outcomes = analysed.map((d) => `${d.analysis} ${(d.analysisError as { key?: string } | null)?.key ?? ''}`);
      console.log(`fuzz-uploads designs analysed: ${JSON.stringify(Object.fromEntries([...new Set(outcomes)].map((o) => [o, outcomes.filter((x) => x === o).length])))}`);
      expect(settledInTime, 'design analyses still running after the uploads').toBe(true);
      expect(campaign.findings.map((f) => `${f.operation}: ${f.problem}\n  ${f.request}`)).toEqual([]);
    },
    900_000,
  );
});
