import { useSignedInApp } from '../../http/testing/fixtures.spec.js';
import { call } from '../../http/testing/test-app.spec.js';

describe('depot and driver endpoints', () => {
  const t = useSignedInApp();
  beforeAll(async () => {
    await call(t, {
      method: 'post',
      url: '/data/global',
      token: t.planner,
      body: { driver_categories: { senior: 1, junior: 1.3 } },
    });
  });

  describe('depot parameters', () => {
    it('GET of an unknown depot answers 404', async () => {
      const res = await call(t, { method: 'get', url: '/data/depot/77', token: t.viewer });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ errors: { 'params.depot_id': 'unknown depot' } });
    });

    it('POST creates with defaults, a later POST changes only what it gives', async () => {
      const created = await call(t, {
        method: 'post',
        url: '/data/depot/12',
        token: t.planner,
        body: { vehicle_fill: 90, lat: 40.4168, lng: -3.7038, name: 'Madrid' },
      });
      expect(created.status).toBe(200);
      expect(created.body).toEqual({ message: 'Depot 12 saved' });
      await call(t, {
        method: 'post',
        url: '/data/depot/12',
        token: t.planner,
        body: {
          activated: false,
          work_days: [true, true, true, true, true, true, false],
          priority: 3,
          slow_down: 12.5,
        },
      });
      const res = await call(t, { method: 'get', url: '/data/depot/12', token: t.viewer });
      expect(res.body).toEqual({
        depot_id: '12',
        vehicle_fill: 90,
        slow_down: 12.5,
        activated: false,
        work_days: [true, true, true, true, true, true, false],
        priority: 3,
        lat: 40.4168,
        lng: -3.7038,
        name: 'Madrid',
      });
    });

    it('answers 400 with the offending paths for invalid parameters, and stores nothing', async () => {
      const before = t.bus.sent.length;
      const cases: [unknown, string[]][] = [
        [{}, ['body']],
        [{ work_days: [true, false] }, ['body.work_days']],
        [{ vehicle_fill: 101 }, ['body.vehicle_fill']],
        [{ slow_down: -5 }, ['body.slow_down']],
        [{ priority: 1.5 }, ['body.priority']],
        [{ lat: 91, lng: 0 }, ['body.lat']],
        [{ lat: 10 }, ['body.lat']],
        [{ activated: 'yes', work_days: [1, 0, 1, 0, 1, 0, 1] }, ['body.activated', 'body.work_days[0]']],
      ];
      for (const [body, paths] of cases) {
        const res = await call(t, { method: 'post', url: '/data/depot/12', token: t.planner, body });
        expect(res.status).toBe(400);
        expect(Object.keys((res.body as { errors: object }).errors)).toEqual(expect.arrayContaining(paths));
      }
      expect(
        (await call(t, { method: 'post', url: '/data/depot/a|b', token: t.planner, body: { priority: 1 } }))
          .status,
      ).toBe(400);
      expect(t.bus.sent.length).toBe(before);
    });

    it('lets a viewer read but not write', async () => {
      expect(
        (await call(t, { method: 'post', url: '/data/depot/12', token: t.viewer, body: { priority: 1 } }))
          .status,
      ).toBe(403);
    });
  });

  describe('drivers', () => {
    const url = '/data/depot/12/drivers/2026-11-24';
    const vehicle = { id: 'v1', payload: 1200, cargo_volume: 9.5 };

    it('applies the contract defaults and replaces the day', async () => {
      const first = await call(t, {
        method: 'post',
        url,
        token: t.planner,
        body: [
          { id: 'd1', category: 'senior', vehicle },
          {
            id: 'd2',
            category: 'junior',
            start_time: '6:30',
            working_hours: 6,
            lunch_break: 20,
            vehicle: { ...vehicle, id: 'v2', max_speed: 90, plate: '1234-ABC', brand: null },
          },
        ],
      });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ message: '2 driver(s) saved for depot 12 on 2026-11-24' });
      const res = await call(t, { method: 'get', url, token: t.viewer });
      expect(res.body).toEqual([
        {
          id: 'd1',
          category: 'senior',
          start_time: '08:00',
          working_hours: 8,
          lunch_break: 30,
          vehicle: { ...vehicle, type: null, brand: null, model: null, plate: null, max_speed: 120 },
        },
        {
          id: 'd2',
          category: 'junior',
          start_time: '06:30',
          working_hours: 6,
          lunch_break: 20,
          vehicle: {
            ...vehicle,
            id: 'v2',
            type: null,
            brand: null,
            model: null,
            plate: '1234-ABC',
            max_speed: 90,
          },
        },
      ]);
      await call(t, { method: 'post', url, token: t.planner, body: [{ id: 'd3', vehicle }] });
      expect(
        ((await call(t, { method: 'get', url, token: t.viewer })).body as { id: string }[]).map((d) => d.id),
      ).toEqual(['d3']);
    });

    it('answers 400 with bad_categories (0-based indexes) and stores nothing', async () => {
      const before = t.bus.sent.length;
      const res = await call(t, {
        method: 'post',
        url,
        token: t.planner,
        body: [
          { id: 'a', category: 'senior', vehicle },
          { id: 'b', category: 'rookie', vehicle },
          { id: 'c', vehicle },
          { id: 'd', category: 'Senior', vehicle },
        ],
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 400, errors: { bad_categories: [1, 3] } });
      expect(t.bus.sent.length).toBe(before);
      expect(
        ((await call(t, { method: 'get', url, token: t.viewer })).body as { id: string }[]).map((d) => d.id),
      ).toEqual(['d3']);
    });

    it('answers 400 with the offending paths for invalid drivers and dates', async () => {
      const invalid = await call(t, {
        method: 'post',
        url,
        token: t.planner,
        body: [
          { id: '', vehicle },
          { id: 'x', start_time: '25:00', vehicle: { id: 'v', payload: -1 } },
          { id: 'y', working_hours: 1, lunch_break: 90, vehicle },
          { id: 'y', vehicle },
        ],
      });
      expect(invalid.status).toBe(400);
      expect(Object.keys((invalid.body as { errors: object }).errors).sort()).toEqual([
        'body[0].id',
        'body[1].start_time',
        'body[1].vehicle.cargo_volume',
        'body[1].vehicle.payload',
        'body[2].lunch_break',
      ]);
      const duplicate = await call(t, {
        method: 'post',
        url,
        token: t.planner,
        body: [
          { id: 'y', vehicle },
          { id: 'y', vehicle },
        ],
      });
      expect(duplicate.body).toMatchObject({ errors: { 'body[1].id': 'duplicate driver id' } });
      for (const date of ['2026-02-30', '24-11-2026', 'tomorrow']) {
        const res = await call(t, {
          method: 'post',
          url: `/data/depot/12/drivers/${date}`,
          token: t.planner,
          body: [],
        });
        expect(res.status).toBe(400);
        expect(Object.keys((res.body as { errors: object }).errors)).toEqual(['params.date']);
      }
      const notArray = await call(t, { method: 'post', url, token: t.planner, body: { id: 'd1', vehicle } });
      expect(notArray.status).toBe(400);
    });

    it('GET of a day without an upload answers 404', async () => {
      expect(
        (await call(t, { method: 'get', url: '/data/depot/12/drivers/2026-12-01', token: t.viewer })).status,
      ).toBe(404);
    });
  });
});
