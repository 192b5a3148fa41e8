// The mixed workload of `npm run bench:load`: what visitors of a component catalogue ask for, by
// weight (mostly detail and search pages, some API, a few logins and uploads), with real part
// numbers, categories and Chinese keywords read from the database. Each autocannon connection is
// one visitor running operations one after another; an operation is a generator of requests, so
// a login (captcha → SMS code → login → own BOM list → upload) is several dependent requests.
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { mulberry32 } from '../../../src/lib/catalog/generate/permutation.ts';
import { Code } from '../../../src/lib/server/errors.ts';
import { humanTrack } from '../../../src/lib/sso/sso.ts';
import { typo } from './search-mix.ts';

export type Catalogue = {
  /** Parts with a symbol and a footprint (their previews and KiCad download exist). */
  drawn: { code: string; mpn: string }[];
  /** Any parts, for detail pages (some without drawings, as in the real catalogue). */
  parts: { code: string; mpn: string }[];
  categories: { id: number; name: string }[];
  /** Chinese search words: category names, brand + category, words from descriptions. */
  keywords: string[];
  /** Build assets a page view loads (/_astro/…), from real pages. */
  assets: string[];
};

type Row = Record<string, unknown>;

/** Reads the sample from the database (`query` runs one SELECT). */
export async function readCatalogue(query: (sql: string) => Promise<Row[]>): Promise<Omit<Catalogue, 'assets'>> {
  // md5 of the id: a fixed spread over the whole catalogue, the same on every run.
  const parts = (await query(`SELECT mfg_mpn_code AS code, mpn, symbol_id IS NOT NULL AND footprint_id IS NOT NULL AS drawn FROM products ORDER BY md5(id::text) LIMIT 4000`)).map((r) => ({
    code: String(r.code),
    mpn: String(r.mpn),
    drawn: r.drawn === true,
  }));
  const categories = (await query(`SELECT c.cate_id AS id, c.cate_name AS name FROM categories c WHERE EXISTS (SELECT 1 FROM products p WHERE p.cate_id = c.cate_id) ORDER BY c.cate_id`)).map((r) => ({
    id: Number(r.id),
    name: String(r.name),
  }));
  const pairs = await query(
    `SELECT DISTINCT b.name_zh AS brand, c.cate_name AS cate FROM products p JOIN brands b ON b.id = p.brand_id JOIN categories c ON c.cate_id = p.cate_id WHERE b.name_zh ~ '[一-龥]' ORDER BY 1, 2 LIMIT 300`,
  );
  const descriptions = await query(`SELECT description_zh AS d FROM products WHERE description_zh ~ '[一-龥]{2}' ORDER BY md5(id::text) LIMIT 2000`);
  const words = new Set<string>();
  for (const { d } of descriptions) for (const w of String(d).match(/[一-龥]{2,6}/g) ?? []) words.add(w);
  const keywords = [...new Set([...categories.map((c) => c.name), ...pairs.map((p) => `${String(p.brand)} ${String(p.cate)}`), ...[...words].slice(0, 400)])].filter((k) => k.length <= 40);
  if (parts.length === 0 || categories.length === 0) throw new Error('the catalogue is empty (was the demo catalogue loaded?)');
  return { parts, drawn: parts.filter((p) => p.drawn), categories, keywords };
}

/** One request as autocannon takes it. */
export type RequestSpec = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string | Buffer };
export type Reply = { status: number; body: string };
/** An operation: yields requests, receives each reply; returns false when a reply was wrong. */
type Flow = Generator<RequestSpec, void, Reply>;

export const OPERATIONS = [
  'detailPage',
  'searchPage',
  'categoryPage',
  'homePage',
  'asset',
  'suggest',
  'queryPage',
  'detailApi',
  'preview',
  'cateTree',
  'downloadZip',
  'login',
  'upload',
] as const;
export type Operation = (typeof OPERATIONS)[number];

/**
 * Per 1,000 operations. Search-engine traffic lands on detail pages; people then search, browse
 * categories and type into the search box (suggest); the page's islands call the API; a few log
 * in (then list their BOMs and upload one) or upload a BOM anonymously.
 */
export const WEIGHTS: Record<Operation, number> = {
  detailPage: 340,
  searchPage: 140,
  categoryPage: 80,
  homePage: 30,
  asset: 60,
  suggest: 120,
  queryPage: 60,
  detailApi: 40,
  preview: 80,
  cateTree: 20,
  downloadZip: 12,
  login: 8,
  upload: 10,
};

const BROWSER = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' };
const JSON_HEADERS = { ...BROWSER, 'content-type': 'application/json' };
// Steps whose answer the flow reads ask for it uncompressed (autocannon hands the body over as text).
const PLAIN = { 'accept-language': BROWSER['accept-language'] };
const PLAIN_JSON = { ...PLAIN, 'content-type': 'application/json' };
const BOM_FILES = ['ring-light-bom.csv', 'smkent-ups-5v-bom.csv', 'tomu-kicad-bom.csv', 'erl-vio-board-bom.xlsx', 'lumenpnp-mobo-bom.csv'].map((name) => ({
  name,
  bytes: readFileSync(new URL(`../../fixtures/bom/eval/${name}`, import.meta.url)),
}));

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }): { body: Buffer; type: string } {
  const boundary = `----loadbench${randomUUID().replaceAll('-', '')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    const type = file.name.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv';
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${type}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const parse = (reply: Reply): Record<string, unknown> => {
  try {
    return JSON.parse(reply.body) as Record<string, unknown>;
  } catch {
    return {};
  }
};
/** The API's envelope (`code` 200000) or the SSO's (`error_code` 0) says success. */
const succeeded = (reply: Reply) => {
  const b = parse(reply);
  return reply.status < 300 && (b['code'] === Code.ok || b['error_code'] === 0);
};

let phoneSerial = 0;
/** A mainland mobile number not used before in this run (one SMS per phone a minute). */
const freshPhone = () => `139${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSerial).padStart(5, '0')}`;

/** One visitor: picks operations by weight and runs their requests in turn. */
export class Visitor {
  private flow: Flow | null = null;
  private op: Operation = 'homePage';
  private awaiting = false;
  private readonly rnd: () => number;
  /** The operation of the request in flight, and how its reply went. */
  last: { op: Operation; outcome: 'ok' | 'error' | 'limited' } = { op: 'homePage', outcome: 'ok' };
  /** Steps of multi-request operations that answered wrongly (counted into errors too). */
  flowFailures: string[] = [];

  private readonly cat: Catalogue;

  constructor(cat: Catalogue, seed: number) {
    this.cat = cat;
    this.rnd = mulberry32(seed);
  }

  private pending: RequestSpec | null = null;

  /** The next request (autocannon's setupRequest). */
  next(): RequestSpec {
    if (this.awaiting && this.flow) {
      // No reply to the last request (timeout or reset): the operation is abandoned.
      this.flow.return();
      this.flow = null;
      this.pending = null;
    }
    if (!this.pending) {
      this.op = this.pick();
      this.flow = this.start(this.op);
      this.pending = this.flow.next(undefined as unknown as Reply).value as RequestSpec;
    }
    const spec = this.pending;
    this.pending = null;
    this.awaiting = true;
    this.last = { op: this.op, outcome: 'ok' };
    return spec;
  }

  private lastReply: Reply | null = null;

  /**
   * The reply to the request in flight (autocannon's onResponse, called before its 'response'
   * event): classified, and handed to the operation, which may judge it wrong or ask for more.
   */
  record(status: number, body: string): void {
    this.awaiting = false;
    this.lastReply = { status, body };
    this.last.outcome = status === 429 ? 'limited' : status >= 400 ? 'error' : 'ok';
    if (!this.flow) return;
    const step = this.flow.next(this.lastReply);
    if (step.done) this.flow = null;
    else this.pending = step.value;
  }

  /** Marks the reply just recorded as wrong (a flow's step that did not succeed) and ends the flow. */
  private fail(what: string): void {
    this.last.outcome = this.last.outcome === 'limited' ? 'limited' : 'error';
    if (this.flowFailures.length < 20) this.flowFailures.push(`${what}: ${this.lastReply?.status} ${this.lastReply?.body.slice(0, 160)}`);
  }

  private pick(): Operation {
    let r = this.rnd() * 1000;
    for (const op of OPERATIONS) {
      r -= WEIGHTS[op];
      if (r < 0) return op;
    }
    return 'detailPage';
  }

  private any<T>(list: readonly T[]): T {
    return list[Math.floor(this.rnd() * list.length)]!;
  }

  private start(op: Operation): Flow {
    const get = (path: string, headers: Record<string, string> = BROWSER): RequestSpec => ({ method: 'GET', path, headers });
    const post = (path: string, body: unknown, headers: Record<string, string> = JSON_HEADERS): RequestSpec => ({ method: 'POST', path, headers, body: JSON.stringify(body) });
    const en = () => (this.rnd() < 0.2 ? '/en' : '');
    const q = (s: string) => encodeURIComponent(s);
    const searchWord = () => {
      const r = this.rnd();
      const part = this.any(this.cat.parts);
      if (r < 0.35) return part.mpn.slice(0, Math.max(4, Math.ceil(part.mpn.length * (0.5 + this.rnd() * 0.5))));
      if (r < 0.45) return typo(this.rnd, part.mpn);
      return this.any(this.cat.keywords);
    };
    switch (op) {
      case 'detailPage':
        return once(get(`${en()}/productDetail/${q(this.any(this.cat.parts).code)}`));
      case 'searchPage':
        return once(get(`${en()}/search?name=${q(searchWord())}`));
      case 'categoryPage': {
        if (this.rnd() < 0.15) return once(get(`${en()}/catalog`));
        const c = this.any(this.cat.categories);
        return once(get(`${en()}/filterPage/${c.id}/${q(c.name)}`));
      }
      case 'homePage':
        return once(get(en() || '/'));
      case 'asset':
        return once(get(this.any(this.cat.assets)));
      case 'suggest': {
        // What the box sends while typing: a growing prefix of an MPN, or a Chinese word.
        const word = this.rnd() < 0.6 ? this.any(this.cat.parts).mpn : this.any(this.cat.keywords);
        return once(get(`/api/chiplet/products/suggest?q=${q(word.slice(0, 2 + Math.floor(this.rnd() * Math.max(1, word.length - 1))))}`));
      }
      case 'queryPage': {
        if (this.rnd() < 0.6) return once(post('/api/chiplet/products/queryPage', { keyword: searchWord(), pageNum: this.rnd() < 0.85 ? 1 : 2, pageSize: 20 }));
        return once(post('/api/chiplet/products/queryPage', { cateId: this.any(this.cat.categories).id, pageNum: 1, pageSize: 20 }));
      }
      case 'detailApi':
        return once(post('/api/chiplet/products/detail', { mfgMpnCode: this.any(this.cat.parts).code }));
      case 'preview': {
        // The detail page's two pictures.
        const code = q(this.any(this.cat.drawn).code);
        return (function* () {
          yield get(`/api/chiplet/products/symbol.svg?mfgMpnCode=${code}`);
          yield get(`/api/chiplet/products/footprint.svg?mfgMpnCode=${code}`);
        })();
      }
      case 'cateTree':
        return once(get('/api/chiplet/products/chosenCateTree'));
      case 'downloadZip':
        return once(get(`/api/chiplet/products/downloadZip?mfgMpnCode=${q(this.any(this.cat.drawn).code)}`));
      case 'upload':
        return uploadFlow(this, null);
      case 'login':
        return loginFlow(this);
    }
  }

  /** Flow helpers need the private parts. */
  static checked(v: Visitor, reply: Reply, what: string): boolean {
    if (succeeded(reply)) return true;
    v.fail(what);
    return false;
  }
  static pickFile(v: Visitor) {
    return v.any(BOM_FILES);
  }
}

function* once(spec: RequestSpec): Flow {
  yield spec;
}

/** Upload a BOM file, then read the detected header mapping, as the /bom page does. */
function* uploadFlow(v: Visitor, token: string | null): Flow {
  const auth: Record<string, string> = token ? { 'x-token': token } : {};
  const file = Visitor.pickFile(v);
  const form = multipart({}, file);
  const up = yield { method: 'POST', path: '/api/chiplet/bom/upload', headers: { ...PLAIN, ...auth, 'content-type': form.type }, body: form.body };
  if (!Visitor.checked(v, up, 'bom upload')) return;
  const result = parse(up)['result'] as { bomId: string; sheet: string };
  const header = yield { method: 'GET', path: `/api/chiplet/bom/headerMatch?bomId=${result.bomId}&sheet=${encodeURIComponent(result.sheet)}`, headers: { ...PLAIN, ...auth } };
  Visitor.checked(v, header, 'bom headerMatch');
}

/**
 * The login dialog's SMS path: slider challenge, its answer from the dev tool (standing in for the
 * person's eyes), a human-like track, the code sent, read from the dev inbox, the login; then the
 * user's BOM list and an upload under the new session.
 */
function* loginFlow(v: Visitor): Flow {
  const phone = freshPhone();
  const challenge = yield { method: 'GET', path: '/sso/captcha/challenge', headers: PLAIN };
  if (!Visitor.checked(v, challenge, 'captcha challenge')) return;
  const challengeId = String((parse(challenge)['data'] as Record<string, unknown>)['challengeId']);
  const answer = yield { method: 'GET', path: `/sso/dev/captcha/answer?challengeId=${challengeId}`, headers: PLAIN };
  if (!Visitor.checked(v, answer, 'captcha answer')) return;
  const targetX = Number((parse(answer)['data'] as Record<string, unknown>)['targetX']);
  const verify = yield { method: 'POST', path: '/sso/captcha/verify', headers: PLAIN_JSON, body: JSON.stringify({ challengeId, track: humanTrack(targetX) }) };
  if (!Visitor.checked(v, verify, 'captcha verify')) return;
  const ticket = parse(verify)['data'] as Record<string, string>;
  const send = yield {
    method: 'POST',
    path: '/sso/register/regsms',
    headers: PLAIN_JSON,
    body: JSON.stringify({ account: phone, areacode: '86', scene: 'quick', aliscene: 'login', siteid: '35', ...ticket }),
  };
  if (!Visitor.checked(v, send, 'regsms')) return;
  const inbox = yield { method: 'GET', path: `/sso/dev/inbox?phone=${phone}`, headers: PLAIN };
  if (!Visitor.checked(v, inbox, 'dev inbox')) return;
  const messages = (parse(inbox)['data'] as { messages: { code: string; purpose: string }[] }).messages;
  const smscode = messages.find((m) => m.purpose === 'login')?.code ?? '';
  const form = multipart({ account: phone, areacode: '86', smscode, siteid: '35' });
  const login = yield { method: 'POST', path: '/sso/smsLogin/index.html', headers: { ...PLAIN, 'content-type': form.type }, body: form.body };
  if (!Visitor.checked(v, login, 'smsLogin')) return;
  const token = String((parse(login)['data'] as Record<string, unknown>)['token']);
  const list = yield { method: 'POST', path: '/api/chiplet/user/bom', headers: { ...PLAIN_JSON, 'x-token': token }, body: JSON.stringify({ pageNum: 1, pageSize: 20 }) };
  if (!Visitor.checked(v, list, 'user bom list')) return;
  yield* uploadFlow(v, token);
}
