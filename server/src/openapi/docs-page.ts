import { escapeHtml } from '@rules';
import type { OpenApiDocument, OpenApiOperation } from './openapi-document';

/**
 * /api/docs: the REST reference as one server-rendered page, from the OpenAPI document. No script
 * and nothing from another host, so it needs nothing the Content-Security-Policy does not already
 * allow (its one <style> element is inline, as graphiql.html's is).
 */

/** Prose from the document: escaped, its `code spans` (as OpenAPI's CommonMark writes them) set as code. */
const proseHtml = (text: string) =>
  escapeHtml(text).replace(/`([^`]+)`/gu, (_, code: string) => `<code>${code}</code>`);

const anchorOf = (id: string) => `schema-${id.replace(/[^\w-]/gu, '_')}`;

/** A schema as indented JSON, each `$ref` a link to the component it names. */
function schemaHtml(schema: unknown): string {
  const text = escapeHtml(JSON.stringify(schema, null, 2));
  return `<pre>${text.replace(
    /&#34;#\/components\/schemas\/([\w-]+)&#34;/gu,
    (_, id: string) => `<a href="#${anchorOf(id)}">${id}</a>`,
  )}</pre>`;
}

function operationHtml(method: string, path: string, operation: OpenApiOperation): string {
  const parameters = operation.parameters ?? [];
  const rows = parameters
    .map(
      (parameter) =>
        `<tr><td><code>${escapeHtml(String(parameter.name))}</code></td><td>${escapeHtml(
          String(parameter.in),
        )}${parameter.required ? ', required' : ''}</td><td>${escapeHtml(
          String(parameter.description ?? ''),
        )}</td></tr>`,
    )
    .join('');
  const body = operation.requestBody?.content as Record<string, { schema: unknown }> | undefined;
  const responses = Object.entries(operation.responses)
    .map(
      ([status, response]) =>
        `<h4>${escapeHtml(status)}: ${proseHtml(response.description)}</h4>${Object.values(
          response.content ?? {},
        )
          .map((media) => schemaHtml(media.schema))
          .join('')}`,
    )
    .join('');
  const variants = (operation['x-paths'] ?? [])
    .map(
      (variant) =>
        `<tr><td><code>${escapeHtml(variant.path)}</code></td><td>${escapeHtml(
          variant.scope,
        )}</td><td>${schemaHtml(variant.schema)}</td></tr>`,
    )
    .join('');
  return `<details id="${escapeHtml(operation.operationId)}">
<summary><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(
    path,
  )}</code> ${proseHtml(operation.summary)}</summary>
<p>${proseHtml(operation.description)}</p>
${rows ? `<table><tr><th>parameter</th><th>in</th><th></th></tr>${rows}</table>` : ''}
${
  body
    ? `<h4>Body</h4>${Object.values(body)
        .map((media) => schemaHtml(media.schema))
        .join('')}`
    : ''
}
${variants ? `<h4>By path</h4><table><tr><th>path</th><th>scope</th><th>item</th></tr>${variants}</table>` : ''}
${responses}
</details>`;
}

export function docsPage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const tag = operation.tags[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, operation)]);
    }
  }
  const info = document.info as { title: string; description: string };
  const sections = [...byTag]
    .map(
      ([tag, operations]) =>
        `<section id="tag-${escapeHtml(tag)}"><h2>${escapeHtml(tag)}</h2>${operations.join('')}</section>`,
    )
    .join('');
  const schemas = Object.entries(document.components.schemas)
    .map(
      ([id, schema]) =>
        `<details id="${anchorOf(id)}"><summary><code>${escapeHtml(id)}</code></summary>${schemaHtml(
          schema,
        )}</details>`,
    )
    .join('');
  const contents = [...byTag.keys()]
    .map((tag) => `<a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a>`)
    .join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} reference</title>
<style>
body{font-family:system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#222}
details{border:1px solid #ddd;border-radius:4px;margin:.4rem 0;padding:.3rem .6rem}
details[open]>summary{margin-bottom:.5rem}
summary{cursor:pointer}
pre{background:#f6f6f6;padding:.5rem;overflow:auto;font-size:.85rem}
.method{display:inline-block;min-width:4.5rem;font-weight:700;font-family:monospace}
.get{color:#0a6}.post{color:#06c}.patch{color:#a60}.delete{color:#c22}
table{border-collapse:collapse}td,th{border-bottom:1px solid #eee;padding:.2rem .6rem;text-align:left;vertical-align:top}
</style>
</head><body>
<h1>${escapeHtml(info.title)} reference</h1>
<p>${proseHtml(info.description)}</p>
<p>The machine-readable document: <a href="openapi.json">openapi.json</a> (OpenAPI 3.1).</p>
<nav>${contents} · <a href="#schemas">schemas</a></nav>
${sections}
<section id="schemas"><h2>Schemas</h2>${schemas}</section>
</body></html>`;
}
