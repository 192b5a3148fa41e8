// A small, self-contained HTML reference rendered from the generated OpenAPI document, so the
// docs cannot drift from the zod schemas and need no CDN (the site must work offline).

type Json = Record<string, unknown>;

const esc = (s: unknown) =>
  String(s).replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

function schemaText(schema: unknown, components: Json, depth = 0): string {
  if (!schema || typeof schema !== 'object' || depth > 6) return 'any';
  const s = schema as Json;
  if (typeof s.$ref === 'string') {
    const name = s.$ref.split('/').pop() ?? '';
    return depth > 1 ? name : `${name} ${schemaText((components[name] as Json) ?? {}, components, depth + 1)}`;
  }
  if (Array.isArray(s.anyOf)) return s.anyOf.map((x) => schemaText(x, components, depth + 1)).join(' | ');
  if (s.type === 'array') return `${schemaText(s.items, components, depth + 1)}[]`;
  if (s.type === 'object' || s.properties) {
    const props = Object.entries((s.properties as Json) ?? {});
    const required = new Set((s.required as string[]) ?? []);
    const pad = '  '.repeat(depth + 1);
    return `{\n${props
      .map(([k, v]) => `${pad}${k}${required.has(k) ? '' : '?'}: ${schemaText(v, components, depth + 1)}`)
      .join('\n')}\n${'  '.repeat(depth)}}`;
  }
  const type = Array.isArray(s.type) ? s.type.join(' | ') : String(s.type ?? 'any');
  const extra = [s.enum ? `one of ${(s.enum as unknown[]).join(', ')}` : '', s.description ? `— ${s.description}` : '']
    .filter(Boolean)
    .join(' ');
  return extra ? `${type} ${extra}` : type;
}

export function renderApiReference(doc: Json): string {
  const info = (doc.info ?? {}) as Json;
  const components = (((doc.components ?? {}) as Json).schemas ?? {}) as Json;
  const paths = Object.entries((doc.paths ?? {}) as Record<string, Record<string, Json>>);
  const ops = paths.flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
  const sections = ops
    .map(({ path, method, op }) => {
      const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-');
      const params = ((op.parameters as Json[]) ?? [])
        .map((p) => `<li><code>${esc(p.name)}</code> (${esc(p.in)}${p.required ? ', required' : ''}) ${esc(schemaText(p.schema, components))}</li>`)
        .join('');
      const body = ((op.requestBody as Json)?.content ?? {}) as Record<string, Json>;
      const bodies = Object.entries(body)
        .map(([type, c]) => `<p>Body <code>${esc(type)}</code></p><pre>${esc(schemaText(c.schema, components))}</pre>`)
        .join('');
      const responses = Object.entries((op.responses ?? {}) as Record<string, Json>)
        .map(([status, r]) => {
          const content = ((r.content ?? {}) as Record<string, Json>)['application/json'];
          return `<details><summary>${esc(status)} ${esc(r.description)}</summary>${content ? `<pre>${esc(schemaText(content.schema, components))}</pre>` : ''}</details>`;
        })
        .join('');
      const auth = op.security ? '<span class="auth">X-token</span>' : '';
      return `<section id="${esc(id)}"><h2><span class="m m-${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code> ${auth}</h2><p>${esc(op.summary ?? '')}</p>${params ? `<ul>${params}</ul>` : ''}${bodies}${responses}</section>`;
    })
    .join('\n');
  const toc = ops
    .map(({ path, method }) => `<li><a href="#${esc(`${method}-${path}`.replace(/[^a-z0-9]+/gi, '-'))}">${esc(method.toUpperCase())} ${esc(path)}</a></li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(info.title)} reference</title><style>
body{font:15px/1.5 system-ui,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;display:grid;grid-template-columns:300px 1fr;color:#111}
nav{position:sticky;top:0;height:100vh;overflow:auto;background:#f1f5f9;padding:1rem;font-size:13px}nav ul{list-style:none;padding:0}
main{padding:1.5rem 2rem;max-width:960px}section{border-top:1px solid #e2e8f0;padding:1rem 0}h2{font-size:1rem}
pre{background:#0f172a;color:#e2e8f0;padding:.75rem;border-radius:6px;overflow:auto;font-size:13px}
.m{display:inline-block;min-width:4em;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 6px}.m-get{background:#1d4ed8}.m-post{background:#15803d}.m-put{background:#b45309}.m-delete{background:#b91c1c}
.auth{font-size:12px;background:#fef3c7;border-radius:4px;padding:2px 6px}</style></head><body>
<nav><strong>${esc(info.title)}</strong> ${esc(info.version)}<p><a href="/api/openapi.json">openapi.json</a></p><ul>${toc}</ul></nav>
<main><h1>${esc(info.title)}</h1><p>${esc(info.description)}</p>${sections}</main></body></html>`;
}
