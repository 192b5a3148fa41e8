// Writes docs/catalog-record.schema.json from the zod schema (a unit test fails when it drifts).
import { writeFileSync } from 'node:fs';
import { catalogRecordJsonSchema } from '../src/lib/catalog/import/json-schema.ts';

writeFileSync('docs/catalog-record.schema.json', `${JSON.stringify(catalogRecordJsonSchema(), null, 2)}\n`);
console.log('wrote docs/catalog-record.schema.json');
