import type { RequestHandler } from 'express';
import { Histogram, type Registry } from 'prom-client';
import './locals.js';

export const HTTP_DURATION_METRIC = 'http_request_duration_seconds';
type Labels = 'method' | 'route' | 'status_code';

/** Requests answered before any route matched (401 from the auth middleware, 404...). */
export const UNROUTED = 'unrouted';

function histogramIn(registry: Registry): Histogram<Labels> {
  const existing = registry.getSingleMetric(HTTP_DURATION_METRIC);
  if (existing) return existing as Histogram<Labels>;
  return new Histogram<Labels>({
    name: HTTP_DURATION_METRIC,
    help: 'HTTP request duration in seconds, by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
}

/** Times every request; the route label is the OpenAPI path template (bounded cardinality). */
export function httpMetrics(registry: Registry): RequestHandler {
  const histogram = histogramIn(registry);
  return (req, res, next) => {
    const end = histogram.startTimer();
    res.once('finish', () => {
      end({ method: req.method, route: res.locals.route ?? UNROUTED, status_code: String(res.statusCode) });
    });
    next();
  };
}
