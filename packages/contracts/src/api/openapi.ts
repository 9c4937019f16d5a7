import { z } from 'zod';
import { errorBodySchema } from '../common/error.schema';
import { flattenRoutes, type RouteContract } from './route-contract';
import { apiRoutes } from './routes';

/**
 * The OpenAPI 3.1 document of the public API (`apiRoutes`), generated from the same entries the services
 * register and the browser calls, with zod's own JSON Schema output (draft 2020-12, which OpenAPI 3.1
 * uses). Subpath `@noek/contracts/openapi`: only the gateway loads it (it serves `/api/openapi.json`).
 */
type Json = Record<string, unknown>;

/** What the wire carries: a request's input; an answer as the server sends it (its schema's input). */
const jsonSchema = (schema: z.ZodType): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return rest;
};

/** `/api/conversations/:id` → `/api/conversations/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function parameters(entry: RouteContract): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [
    ['path', entry.params],
    ['query', entry.query],
  ] as const) {
    if (!schema) continue;
    const s = jsonSchema(schema);
    const props = (s.properties ?? {}) as Record<string, Json>;
    const required = new Set((s.required ?? []) as string[]);
    for (const [name, prop] of Object.entries(props))
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema: prop });
  }
  return out;
}

const errorAnswer = {
  description: 'An error (the one error envelope)',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
};

function responses(entry: RouteContract): Json {
  const out: Json = {};
  if (entry.answer === 'empty') out['204'] = { description: 'Done (no body)' };
  else if (entry.answer === 'redirect') out['303'] = { description: 'Redirect (Location)' };
  const content: Json = {};
  if (entry.response) content['application/json'] = { schema: jsonSchema(entry.response) };
  if (entry.answer === 'file')
    content[entry.contentType ?? 'application/octet-stream'] = { schema: { type: 'string' } };
  if (entry.answer === 'stream' && entry.events)
    content['text/event-stream'] = {
      schema: {
        type: 'string',
        description: 'Server-sent events; each `data:` line is one JSON event below',
      },
      'x-event-schema': jsonSchema(entry.events),
    };
  if (Object.keys(content).length > 0) out[String(entry.status ?? 200)] = { description: 'Success', content };
  out.default = errorAnswer;
  return out;
}

function operation(name: string, entry: RouteContract): Json {
  const op: Json = {
    operationId: name,
    summary: entry.summary ?? name,
    tags: [name.split('.')[0]],
    responses: responses(entry),
  };
  const params = parameters(entry);
  if (params.length > 0) op.parameters = params;
  if (entry.body)
    op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(entry.body) } } };
  if (entry.rawBody)
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: {} } },
      description: 'Raw signed bytes',
    };
  return op;
}

/** Every route of a table with its dotted name (`auth.login`). */
function named(table: object, prefix = ''): [string, RouteContract][] {
  return Object.entries(table).flatMap(([k, v]: [string, unknown]) => {
    const name = prefix ? `${prefix}.${k}` : k;
    if (typeof v !== 'object' || v === null) return [];
    return 'method' in v && 'path' in v ? [[name, v as RouteContract]] : named(v, name);
  });
}

/** The document; `version` is the running build's (gateway/src/version.ts). */
export function openApiDocument(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const [name, entry] of named(apiRoutes)) {
    const path = (paths[openApiPath(entry.path)] ??= {});
    path[entry.method.toLowerCase()] = operation(name, entry);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Noek API',
      version,
      description:
        'Every public route of Noek, generated from packages/contracts. Sessions travel in HttpOnly cookies set by sign-in; state-changing calls need the Origin of the site.',
    },
    servers: [{ url: '/' }],
    paths,
    components: { schemas: { ErrorBody: jsonSchema(errorBodySchema) } },
  };
}

/** Every public route entry (the document lists each one). */
export const publicRoutes = (): RouteContract[] => flattenRoutes(apiRoutes);
