// The operations of an OpenAPI 3.1 document as the fuzzer needs them: method, path, parameters and
// the request body's schema with every $ref resolved. Read from the document the app serves, so a
// new route is fuzzed the day it is added.

export type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  example?: unknown;
};

export type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required: boolean; schema: Schema };

export type Operation = {
  /** GET, POST, … */
  method: string;
  /** The document's path, with {name} placeholders. */
  path: string;
  parameters: Parameter[];
  body: { kind: 'json' | 'multipart'; schema: Schema } | undefined;
  /** The operation names the X-token scheme (logged-in or both). */
  auth: boolean;
};

type OperationObject = {
  parameters?: { name: string; in: Parameter['in']; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
};
export type OpenApiDocument = { paths: Record<string, Record<string, OperationObject>>; components?: { schemas?: Record<string, Schema> } };

/** The schema with $refs resolved (depth-limited: recursive schemas stop as `{}`). */
export function resolveSchema(doc: OpenApiDocument, schema: Schema | undefined, depth = 0): Schema {
  if (!schema || depth > 12) return {};
  let s = schema;
  for (let hops = 0; s.$ref && hops < 8; hops++) s = doc.components?.schemas?.[s.$ref.split('/').pop()!] ?? {};
  const out: Schema = { ...s };
  delete out.$ref;
  if (s.properties) out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, resolveSchema(doc, v, depth + 1)]));
  if (s.items) out.items = resolveSchema(doc, s.items, depth + 1);
  if (s.anyOf) out.anyOf = s.anyOf.map((x) => resolveSchema(doc, x, depth + 1));
  if (s.oneOf) out.oneOf = s.oneOf.map((x) => resolveSchema(doc, x, depth + 1));
  if (s.allOf) out.allOf = s.allOf.map((x) => resolveSchema(doc, x, depth + 1));
  if (s.additionalProperties && typeof s.additionalProperties === 'object') out.additionalProperties = resolveSchema(doc, s.additionalProperties, depth + 1);
  return out;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      const multipart = content['multipart/form-data']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? []).map((p) => ({ name: p.name, in: p.in, required: p.required ?? p.in === 'path', schema: resolveSchema(doc, p.schema) })),
        body: json ? { kind: 'json', schema: resolveSchema(doc, json) } : multipart ? { kind: 'multipart', schema: resolveSchema(doc, multipart) } : undefined,
        auth: Array.isArray(op.security) && op.security.length > 0,
      });
    }
  }
  return ops;
}
