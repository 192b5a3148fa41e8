import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from '@hono/zod-openapi';
import {
  CategorySchema,
  CateTreeNodeSchema,
  CountersSchema,
  ProductDetailSchema,
  QueryHeaderSchema,
  SimilarPartSchema,
} from '../../src/lib/catalog/catalog.schema.ts';
import { createApp } from '../../src/lib/server/app.ts';
import { models3d } from '../../src/lib/server/db/schema/index.ts';
import { createTestDatabase } from '../helpers/test-db.ts';
import { FIXED_RESISTORS_CATE, OPAMP_CATE, seedCatalog } from '../unit/catalog-pages/seed.ts';

// The catalogue answers are what catalog.schema.ts (and so the OpenAPI document) says: each answer
// parses, and parsing keeps every field (zod objects drop keys they do not declare, so an
// undeclared field, a wrong type or a missing null shows up as a difference).

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalog(database);
  await database.db.insert(models3d).values({ path: 'Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.wrl', format: 'wrl', byteSize: 12345, source: 'test', licence: 'CC-BY-SA 4.0' });
  app = createApp({ db: database.db, logger: pino({ level: 'silent' }) });
}, 120_000);
afterAll(async () => {
  await database?.close();
});

async function result(method: 'GET' | 'POST', path: string, body?: unknown, cookie = 'locale=zh'): Promise<unknown> {
  const headers: Record<string, string> = { cookie };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await app.request(`/api/chiplet${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, { ip: '10.9.0.1' });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { result: unknown }).result;
}

function expectShape(schema: z.ZodType, value: unknown): void {
  const parsed = schema.safeParse(value);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(parsed.data).toEqual(value);
}

describe(`catalogue answers match catalog.schema.ts (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('detail: a part with symbol, pins, footprint and imported 3D model; a part without them', async () => {
    const lm358 = (await result('POST', '/products/detail', { mfgMpnCode: 'LM358_ti' })) as { footprint: { model3d: unknown } | null; similar: unknown[] };
    expect(lm358.footprint?.model3d).not.toBeNull();
    expect(lm358.similar.length).toBeGreaterThan(0);
    expectShape(ProductDetailSchema, lm358);
    expectShape(ProductDetailSchema, await result('POST', '/products/detail', { mfgMpnCode: 'RC0603FR-074K7L_yageo' }, 'locale=en'));
  });

  it('similar parts, filter columns (numeric and text), category list and tree, counters', async () => {
    expectShape(SimilarPartSchema.array(), await result('POST', '/products/similar', { mfgMpnCode: 'RC0603FR-074K7L_yageo', limit: 3 }));
    for (const cateId of [FIXED_RESISTORS_CATE, OPAMP_CATE]) expectShape(QueryHeaderSchema, await result('POST', '/products/queryHeader', { cateId }));
    expectShape(CategorySchema.array(), await result('GET', '/products/chosenCateTree'));
    expectShape(CateTreeNodeSchema.array(), await result('POST', '/products/cateTree', {}));
    const mark = (await result('POST', '/mark/add', { mKey: 'LM358_ti', mType: 'COMPONENT', likeCount: 1 })) as { counters: unknown };
    expectShape(CountersSchema, mark.counters);
  });
});
