/**
 * Test support (not a test): checks real responses against the OpenAPI document (status documented, media
 * type documented, body valid against the operation's schema, with Ajv's JSON Schema 2020-12 dialect as
 * OpenAPI 3.1 uses), and records which operations and statuses were seen.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { OpenApiDocument } from '../openapi.js';

export interface SeenResponse {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly contentType: string | undefined;
  readonly body: unknown;
  readonly text: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

export class OpenApiChecker {
  private readonly ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: { readonly template: string; readonly pattern: RegExp }[];
  readonly seen = new Set<string>();

  constructor(private readonly doc: OpenApiDocument) {
    this.ajv.addSchema(doc, 'openapi.json');
    this.templates = Object.keys(doc.paths ?? {}).map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }));
  }

  /** Every `METHOD path` of the document. */
  operations(): string[] {
    return Object.entries(this.doc.paths ?? {}).flatMap(([path, item]) =>
      METHODS.filter((method) => item?.[method] !== undefined).map(
        (method) => `${method.toUpperCase()} ${path}`,
      ),
    );
  }

  /** What is wrong with the response (empty when it matches the document). */
  check(response: SeenResponse): string[] {
    const path = new URL(response.url, 'http://x').pathname;
    const match = this.templates.find((candidate) => candidate.pattern.test(path));
    const method = response.method.toLowerCase() as (typeof METHODS)[number];
    if (!match) return [`${path}: no path of the document matches`];
    const operation = this.doc.paths?.[match.template]?.[method];
    if (!operation) return [`${method} ${match.template}: not in the document`];
    this.seen.add(`${method.toUpperCase()} ${match.template} ${response.status}`);
    const documented = operation.responses?.[String(response.status)] as
      { content?: Record<string, unknown> } | undefined;
    if (!documented) return [`${method} ${match.template}: status ${response.status} not documented`];
    const mediaType = response.contentType?.split(';')[0]?.trim();
    if (!documented.content) {
      return response.text.length === 0
        ? []
        : [`${method} ${match.template} ${response.status}: body not documented`];
    }
    if (!mediaType || !(mediaType in documented.content)) {
      return [`${method} ${match.template} ${response.status}: media type ${mediaType} not documented`];
    }
    const ref = [
      'openapi.json#',
      'paths',
      pointer(match.template),
      method,
      'responses',
      String(response.status),
      'content',
      pointer(mediaType),
      'schema',
    ].join('/');
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    const body = mediaType.startsWith('text/') ? response.text : response.body;
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (error) =>
        `${method} ${match.template} ${response.status}: ${error.instancePath || '(body)'} ${error.message ?? ''}`,
    );
  }
}
