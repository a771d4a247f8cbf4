import request from 'supertest';
import { useSignedInApp } from './testing/fixtures.spec.js';
import { call } from './testing/test-app.spec.js';
import { HTTP_DURATION_METRIC } from './metrics.js';

describe('HTTP app', () => {
  const t = useSignedInApp({ bodyLimitBytes: 2048 });

  describe('operations endpoints (no token)', () => {
    it('GET /healthz answers 200', async () => {
      expect((await call(t, { method: 'get', url: '/healthz' })).body).toEqual({ status: 'ok' });
    });

    it('GET /readyz answers 200 when ready, else 503 problem', async () => {
      expect((await call(t, { method: 'get', url: '/readyz' })).status).toBe(200);
      t.setReady(false);
      const res = await call(t, { method: 'get', url: '/readyz' });
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      t.setReady(true);
    });

    it('GET /metrics serves Prometheus text with the request duration by route template and status', async () => {
      await call(t, { method: 'get', url: '/data/depot/404', token: t.admin });
      const res = await call(t, { method: 'get', url: '/metrics' });
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toContain(
        `${HTTP_DURATION_METRIC}_count{method="GET",route="/data/depot/{depot_id}",status_code="404"} 1`,
      );
    });

    it('GET /openapi.json serves an OpenAPI 3.1 document of every endpoint', async () => {
      const res = await call(t, { method: 'get', url: '/openapi.json' });
      const doc = res.body as { openapi: string; paths: Record<string, object> };
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths).sort()).toEqual([
        '/admin/users',
        '/admin/users/{id}',
        '/auth/token',
        '/auth/token/renew',
        '/data/depot/{depot_id}',
        '/data/depot/{depot_id}/drivers/{date}',
        '/data/global',
        '/healthz',
        '/metrics',
        '/openapi.json',
        '/readyz',
      ]);
    });
  });

  describe('problem details', () => {
    it('answers 404 problem+json for an unknown path (after authentication: 401 without a token)', async () => {
      // Not a path of the document, so plain supertest.
      const res = await request(t.app).get('/nowhere').set('Authorization', t.admin);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toEqual({
        type: 'urn:fleet:problem:not_found',
        title: 'Not Found',
        status: 404,
        detail: 'No endpoint GET /nowhere',
        instance: '/nowhere',
      });
      expect((await request(t.app).get('/nowhere')).status).toBe(401);
    });

    it('answers 413 for a body over the limit, with nothing stored', async () => {
      const before = t.bus.sent.length;
      const drivers = Array.from({ length: 40 }, (_, i) => ({
        id: `driver-${i}`,
        vehicle: { id: 'v', payload: 1, cargo_volume: 1 },
      }));
      const res = await call(t, {
        method: 'post',
        url: '/data/depot/1/drivers/2026-11-24',
        token: t.admin,
        body: drivers,
      });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ type: 'urn:fleet:problem:payload_too_large', status: 413 });
      expect(t.bus.sent.length).toBe(before);
    });

    it('answers 415 for a body that is not JSON', async () => {
      const res = await call(t, {
        method: 'post',
        url: '/data/global',
        token: t.admin,
        headers: { 'Content-Type': 'text/plain' },
        body: 'service_time=3',
      });
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({
        type: 'urn:fleet:problem:unsupported_media_type',
        title: 'Unsupported Media Type',
      });
    });

    it('answers 400 for malformed JSON, without a stack trace', async () => {
      const res = await call(t, {
        method: 'post',
        url: '/data/global',
        token: t.admin,
        headers: { 'Content-Type': 'application/json' },
        body: '{"service_time": ',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        type: 'urn:fleet:problem:validation',
        title: 'Bad Request',
        status: 400,
        detail: 'The request body is not valid JSON',
        errors: { body: 'not valid JSON' },
        instance: '/data/global',
      });
      expect(res.text).not.toMatch(/at \w+ \(/);
    });
  });

  describe('request ids and headers', () => {
    it('echoes a sane x-request-id and makes one otherwise', async () => {
      const kept = await call(t, { method: 'get', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
      expect(kept.headers['x-request-id']).toBe('abc-123');
      const replaced = await call(t, {
        method: 'get',
        url: '/healthz',
        headers: { 'x-request-id': 'bad id with spaces' },
      });
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('sends security headers (helmet) and no x-powered-by', async () => {
      const res = await call(t, { method: 'get', url: '/healthz' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-powered-by']).toBeUndefined();
    });
  });
});
