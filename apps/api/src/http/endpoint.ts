import { ForbiddenError, UnauthorizedError } from '@fleet/core';
import type { OpenAPIRegistry, ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { Router, type Request, type Response } from 'express';
import type { z } from 'zod';
import type { Principal } from '../features/auth/principal.js';
import { mayAct, type Permission } from '../features/users/profiles.js';
import './locals.js';
import { PROBLEM_CONTENT_TYPE, ProblemSchema } from './problem-schema.js';
import { parseParts, type Location } from './validation.js';

/**
 * One HTTP endpoint described once: its path, profiles and zod schemas give both the Express route (validation,
 * access check) and its OpenAPI operation, so the document cannot drift from the code.
 */
export type Access = 'public' | Permission;
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RequestSchemas {
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly headers?: z.ZodObject;
  readonly body?: z.ZodType;
}

export interface ResponseSpec {
  readonly description: string;
  /** Body; absent: the answer has no body. */
  readonly schema?: z.ZodType;
  /** Media type of the body (default `application/json`). */
  readonly contentType?: string;
  /** Response header name -> description. */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface EndpointSpec<R extends RequestSchemas = RequestSchemas, A extends Access = Access> {
  readonly method: HttpMethod;
  /** OpenAPI-style path, e.g. `/data/depot/{depot_id}`. */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly access: A;
  readonly request: R;
  /** Success answers by status. */
  readonly responses: Readonly<Record<number, ResponseSpec>>;
  /** Problem answers besides those every endpoint documents (400, 401/403 by access, 413/415 with a body, 500). */
  readonly problems?: readonly number[];
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface EndpointInput<R extends RequestSchemas, A extends Access> {
  readonly params: Parsed<R['params']>;
  readonly query: Parsed<R['query']>;
  readonly headers: Parsed<R['headers']>;
  readonly body: Parsed<R['body']>;
  readonly principal: A extends 'public' ? null : Principal;
  readonly requestId: string;
}

export interface Reply {
  readonly status: number;
  /** JSON body; undefined: no body. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export type Handler<R extends RequestSchemas, A extends Access> = (
  input: EndpointInput<R, A>,
) => Promise<Reply>;

/** Identity function that fixes the literal types of a spec (so handlers get typed inputs). */
export function defineEndpoint<const R extends RequestSchemas, const A extends Access>(
  spec: EndpointSpec<R, A>,
): EndpointSpec<R, A> {
  return spec;
}

export interface BoundEndpoint {
  readonly spec: EndpointSpec;
  handle(req: Request, res: Response): Promise<void>;
}

const VERBS: Readonly<Record<Permission, string>> = {
  read: 'read data',
  write: 'change data',
  admin: 'manage users',
};

function authorize(spec: EndpointSpec, principal: Principal | undefined): Principal | null {
  if (spec.access === 'public') return null;
  if (!principal) throw new UnauthorizedError('Authentication required');
  if (!mayAct(principal.profile, spec.access)) {
    throw new ForbiddenError(`The ${principal.profile} profile may not ${VERBS[spec.access]}`);
  }
  return principal;
}

export function bind<R extends RequestSchemas, A extends Access>(
  spec: EndpointSpec<R, A>,
  handler: Handler<R, A>,
): BoundEndpoint {
  return {
    spec,
    async handle(req, res) {
      res.locals.route = spec.path;
      const principal = authorize(spec, res.locals.principal);
      const sources: Readonly<Record<Location, unknown>> = {
        params: req.params,
        query: req.query,
        headers: req.headers,
        body: req.body as unknown,
      };
      const parts: { [K in Location]?: { schema: z.ZodType; value: unknown } } = {};
      for (const location of ['params', 'query', 'headers', 'body'] as const) {
        const schema = spec.request[location];
        if (schema) parts[location] = { schema, value: sources[location] };
      }
      const parsed = parseParts<Record<Location, unknown>>(parts);
      const input = { ...parsed, principal, requestId: res.locals.requestId ?? '' } as EndpointInput<R, A>;
      const reply = await handler(input);
      if (reply.headers) res.set(reply.headers);
      res.status(reply.status);
      if (reply.body === undefined) res.end();
      else res.json(reply.body);
    },
  };
}

/** `/data/depot/{depot_id}` -> `/data/depot/:depot_id`. */
export function expressPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

export function endpointsRouter(endpoints: readonly BoundEndpoint[]): Router {
  const router = Router();
  for (const endpoint of endpoints) {
    router[endpoint.spec.method](expressPath(endpoint.spec.path), (req, res) => endpoint.handle(req, res));
  }
  return router;
}

const PROBLEM_TITLES: Readonly<Record<number, string>> = {
  400: 'Invalid input (offending paths in `errors`)',
  401: 'Missing, invalid or expired token',
  403: 'The profile may not do this',
  404: 'Unknown id',
  409: 'Conflict with the current state',
  413: 'Body too large',
  415: 'Body is not JSON',
  500: 'Internal error (no details)',
  503: 'Not ready, or a dependency is unavailable; retry',
};

function problemStatuses(spec: EndpointSpec): number[] {
  const statuses = new Set<number>([400, 500, ...(spec.problems ?? [])]);
  if (spec.access !== 'public') statuses.add(401);
  if (spec.access === 'write' || spec.access === 'admin') statuses.add(403);
  if (spec.request.body) {
    statuses.add(413);
    statuses.add(415);
  }
  return [...statuses].sort((a, b) => a - b);
}

const ACCESS_NOTE: Readonly<Record<Access, string>> = {
  public: 'No token needed.',
  read: 'Profiles: admin, planner, viewer.',
  write: 'Profiles: admin, planner.',
  admin: 'Profiles: admin.',
};

function responseConfig(response: ResponseSpec): ResponseConfig {
  const headers = response.headers
    ? Object.fromEntries(
        Object.entries(response.headers).map(([name, description]) => [
          name,
          { description, schema: { type: 'string' as const } },
        ]),
      )
    : undefined;
  return {
    description: response.description,
    ...(headers ? { headers } : {}),
    ...(response.schema
      ? { content: { [response.contentType ?? 'application/json']: { schema: response.schema } } }
      : {}),
  };
}

export function registerEndpoints(registry: OpenAPIRegistry, specs: readonly EndpointSpec[]): void {
  for (const spec of specs) {
    const responses: Record<number, ResponseConfig> = {};
    for (const [status, response] of Object.entries(spec.responses))
      responses[Number(status)] = responseConfig(response);
    for (const status of problemStatuses(spec)) {
      responses[status] = {
        description: PROBLEM_TITLES[status] ?? 'Problem',
        content: { [PROBLEM_CONTENT_TYPE]: { schema: ProblemSchema } },
      };
    }
    const { params, query, headers, body } = spec.request;
    const route: RouteConfig = {
      method: spec.method,
      path: spec.path,
      operationId: spec.operationId,
      summary: spec.summary,
      description: [spec.description, ACCESS_NOTE[spec.access]].filter(Boolean).join('\n\n'),
      tags: [...spec.tags],
      security: spec.access === 'public' ? [] : [{ bearerAuth: [] }],
      request: {
        ...(params ? { params } : {}),
        ...(query ? { query } : {}),
        ...(headers ? { headers } : {}),
        ...(body ? { body: { required: true, content: { 'application/json': { schema: body } } } } : {}),
      },
      responses,
    };
    registry.registerPath(route);
  }
}
