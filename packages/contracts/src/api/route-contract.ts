import type { z } from 'zod';
import type { ApiRoute } from './route-paths';

/**
 * What a route takes and answers, besides its method and path. A service registers the route from it
 * (service-kit `contractRoute`: parses params, query and body; its handler must return `response`'s
 * shape, checked at run time in tests), the browser client calls it (`@noek/ui` `api`: method, params
 * and answer parsing), and the gateway's OpenAPI document describes it.
 */
export interface RouteSchemas {
  /** One-line summary for the API reference. */
  readonly summary?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The JSON answer of a success. Absent: the route answers one of the other kinds below. */
  readonly response?: z.ZodType;
  /** Status of a JSON success (default 200), e.g. 201 for a creation. */
  readonly status?: 200 | 201;
  /**
   * How a success answers when not plain JSON: `empty` (204, no body), `redirect` (303 to a URL the
   * handler sends), `stream` (text/event-stream of `events`; with `response` too, the route answers
   * JSON unless the client asks for the stream by its Accept header), `file` (a download of
   * `contentType` the handler sends, e.g. a CSV export).
   */
  readonly answer?: 'empty' | 'redirect' | 'stream' | 'file';
  /** The media type of a `file` answer. */
  readonly contentType?: string;
  /** The events of an event-stream answer (`answer: 'stream'`). */
  readonly events?: z.ZodType;
  /** The body is read as raw bytes, never parsed as JSON (a signed webhook). */
  readonly rawBody?: true;
}

/** A route entry: method, path and schemas, one object (contracts `apiRoutes`, `internalRoutes`). */
export type RouteContract = ApiRoute & RouteSchemas;

type PathTable = { readonly [name: string]: ApiRoute | PathTable };

/** The schemas a path table needs: one RouteSchemas per route, same names, none left out. */
export type SchemasFor<P> = {
  readonly [K in keyof P]: P[K] extends ApiRoute ? RouteSchemas : SchemasFor<P[K]>;
};

/** A path table with each route's schemas merged in. */
export type BoundRoutes<P, S> = {
  readonly [K in keyof P]: P[K] extends ApiRoute ? P[K] & S[K & keyof S] : BoundRoutes<P[K], S[K & keyof S]>;
};

function isRoute(v: unknown): v is ApiRoute {
  return typeof v === 'object' && v !== null && 'method' in v && 'path' in v;
}

/**
 * Binds the schemas to the zod-free path table (route-paths.ts) by name: each method and path is written
 * once, and a route without schemas does not compile.
 */
export function bindRoutes<const P extends PathTable, const S extends SchemasFor<P>>(
  paths: P,
  schemas: S,
): BoundRoutes<P, S> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(paths)) {
    const own = (schemas as Record<string, unknown>)[name];
    if (own === undefined) throw new Error(`No schemas for route "${name}"`);
    out[name] = isRoute(value)
      ? { ...value, ...(own as RouteSchemas) }
      : bindRoutes(value, own as SchemasFor<PathTable>);
  }
  return out as BoundRoutes<P, S>;
}

/** Every route entry of a (nested) table, for tests, the route check and the OpenAPI document. */
export function flattenRoutes(table: object): RouteContract[] {
  return Object.values(table).flatMap((v: unknown) =>
    isRoute(v) ? [v as RouteContract] : typeof v === 'object' && v !== null ? flattenRoutes(v) : [],
  );
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type In<T> = T extends z.ZodType ? z.input<T> : undefined;

/** The parsed request a handler receives (what the server's parsers give). */
export type RouteInput<R extends RouteSchemas> = {
  params: Out<R['params']>;
  query: Out<R['query']>;
  body: Out<R['body']>;
};

/** What a handler returns for a JSON success: the wire shape its `response` schema reads. */
export type RouteAnswer<R extends RouteSchemas> = R['response'] extends z.ZodType
  ? z.input<R['response']>
  : void;

/** What the browser client resolves to: the parsed answer, or nothing for the other kinds. */
export type RouteResult<R extends RouteSchemas> = R['response'] extends z.ZodType
  ? z.output<R['response']>
  : void;

/** What a caller sends: the input side of each request schema. */
export type RouteRequest<R extends RouteSchemas> = {
  params: In<R['params']>;
  query: In<R['query']>;
  body: In<R['body']>;
};
