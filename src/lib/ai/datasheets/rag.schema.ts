import { z } from '@hono/zod-openapi';

// Request and answer shapes of /api/rag/* (issue #15 item 4), documented in /api/openapi.json.

export const DatasheetIdSchema = z.string().uuid().openapi({ example: '0b6d4c1e-8f1a-4c5e-9b7e-2f3a4d5e6f70' });

export const DatasheetSchema = z
  .object({
    id: z.string(),
    name: z.string().openapi({ description: 'The file name as uploaded' }),
    title: z.string(),
    size: z.number().int(),
    pages: z.number().int(),
    status: z.enum(['ok', 'failed']).openapi({ description: "'failed': stored but not searchable (no text layer, encrypted, damaged)" }),
    error: z.string().nullable().openapi({ description: 'Why it could not be indexed, in the caller’s language' }),
    passages: z.number().int(),
    parts: z.array(z.object({ mfgMpnCode: z.string(), mpn: z.string() })).openapi({ description: 'Catalogue parts the datasheet is attached to' }),
    url: z.string().openapi({ description: "The PDF: '/api/rag/datasheet/<id>/file' (add '#page=N')" }),
    own: z.boolean(),
    createdAt: z.string(),
  })
  .openapi('Datasheet');

export const DatasheetListSchema = z.object({ list: z.array(DatasheetSchema), total: z.number().int() }).openapi('DatasheetList');

export const DatasheetListQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const UploadFormSchema = z.object({
  // Optional here so that a missing file gets the route's own message rather than zod's.
  file: z.any().optional().openapi({ type: 'string', format: 'binary', description: 'The PDF, at most 20 MB' }),
  mfgMpnCode: z.string().trim().min(1).max(200).optional().openapi({ description: 'A catalogue part to attach the datasheet to' }),
});

export const DeleteBodySchema = z.object({ id: DatasheetIdSchema }).strict();

export const PassageSearchQuerySchema = z.object({
  question: z.string().trim().min(1).max(2000),
  mfgMpnCode: z.string().trim().min(1).max(200).optional(),
  datasheetId: DatasheetIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});

export const PassageSchema = z
  .object({
    datasheetId: z.string(),
    title: z.string(),
    page: z.number().int(),
    kind: z.enum(['text', 'table']),
    text: z.string(),
    score: z.number(),
    url: z.string().openapi({ description: "'/api/rag/datasheet/<id>/file#page=N'" }),
  })
  .openapi('DatasheetPassage');
