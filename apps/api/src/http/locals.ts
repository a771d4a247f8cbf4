import type { Principal } from '../features/auth/principal.js';

/** What the middlewares leave for later ones on `res.locals`. */
declare module 'express-serve-static-core' {
  interface Locals {
    /** Set by the authentication middleware. */
    principal?: Principal;
    /** The request id (`x-request-id`, taken from the request or generated). */
    requestId?: string;
    /** Route template (OpenAPI style) for metrics and logs, set by the endpoint that answered. */
    route?: string;
  }
}
