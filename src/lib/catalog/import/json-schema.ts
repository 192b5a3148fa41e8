import { z } from 'zod';
import { CatalogRecordSchema } from './catalog-record.ts';

/** The JSON Schema of one import record, generated from the zod schema that validates it. */
export function catalogRecordJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(CatalogRecordSchema, { io: 'input', unrepresentable: 'any' }),
    $id: 'https://chipedia.example/schemas/catalog-record.schema.json',
    title: 'Chipedia catalogue import record (one NDJSON line)',
  };
}
