import { z } from '@hono/zod-openapi';

// The viewer upload calls' shapes (issue #13 item 6): upload { designId, files, stats } (plus
// warnings in the caller's language), doc/upload { designId, files }.

export const DesignIdSchema = z.string().uuid().openapi({ description: 'designId: random; only its owner reaches the design' });

export const DesignFileKindSchema = z.enum(['project', 'schematic', 'board', 'document']);

export const DesignFileSchema = z
  .object({
    name: z.string().openapi({ description: 'Path inside the project (archive folders kept)' }),
    kind: DesignFileKindSchema,
    size: z.number().int().openapi({ description: 'Bytes' }),
  })
  .openapi('DesignFile');

export const DesignStatsSchema = z
  .object({
    sheets: z.number().int().openapi({ description: 'Sheet instances of the root schematic’s hierarchy (0 without a schematic)' }),
    symbols: z.number().int().openapi({ description: 'Placed symbols over every sheet instance (a sheet used twice counts twice)' }),
    footprints: z.number().int(),
    pads: z.number().int(),
    vias: z.number().int(),
    tracks: z.number().int().openapi({ description: 'Track segments and arcs' }),
    nets: z.number().int().openapi({ description: 'Named nets' }),
    copperLayers: z.number().int(),
    boardWidthMm: z.number().openapi({ description: 'Edge.Cuts bounding box (0 without a board or outline)' }),
    boardHeightMm: z.number(),
  })
  .openapi('DesignStats');

export const DesignUploadResultSchema = z
  .object({
    designId: DesignIdSchema,
    files: z.array(DesignFileSchema),
    stats: DesignStatsSchema,
    warnings: z.array(z.string()).openapi({ description: "Damage read past, newer formats, missing sheets: in the caller's language, file and line included" }),
  })
  .openapi('DesignUpload');
export type DesignUploadResult = z.infer<typeof DesignUploadResultSchema>;

export const DesignDocUploadResultSchema = z.object({ designId: DesignIdSchema, files: z.array(DesignFileSchema) }).openapi('DesignDocUpload');
export type DesignDocUploadResult = z.infer<typeof DesignDocUploadResultSchema>;
