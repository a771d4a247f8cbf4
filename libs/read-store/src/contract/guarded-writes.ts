import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '@fleet/core';
import type { ApplyOutcome, GuardedWrite } from '../port.js';
import type { ContractContext } from './context.js';

/** The rule every adapter implements, as a reference model: apply when absent or stored position lower. */
function expectedOutcomes(initial: ReadonlyMap<string, number>, writes: readonly GuardedWrite[]) {
  const positions = new Map(initial);
  const outcomes = writes.map((write): ApplyOutcome => {
    const stored = positions.get(write.id);
    if (stored !== undefined && stored >= write.position) return 'skipped';
    positions.set(write.id, write.position);
    return 'applied';
  });
  return { outcomes, positions };
}

export function describeGuardedWrites(ctx: ContractContext): void {
  describe('applyAt (guarded on _position)', () => {
    it('creates a missing document with set, setOnInsert and _position', async () => {
      const routes = ctx.store.collection('routes');
      const write = {
        id: 'r1',
        position: 5,
        set: { status: 'planned', stops: 3 },
        setOnInsert: { createdAt: 'T0' },
      };
      expect(await routes.applyAt(write)).toBe('applied');
      expect(await routes.get('r1')).toEqual({
        _id: 'r1',
        status: 'planned',
        stops: 3,
        createdAt: 'T0',
        _position: 5,
      });
    });

    it('skips the same write applied twice and leaves the document unchanged', async () => {
      const routes = ctx.store.collection('routes');
      const write = { id: 'r1', position: 5, set: { status: 'planned' }, setOnInsert: { createdAt: 'T0' } };
      expect(await routes.applyAt(write)).toBe('applied');
      const before = await routes.get('r1');
      expect(await routes.applyAt(write)).toBe('skipped');
      expect(await routes.get('r1')).toEqual(before);
      expect(await routes.count()).toBe(1);
    });

    it('skips an older position, applies a newer one with set, unset and no setOnInsert', async () => {
      const routes = ctx.store.collection('routes');
      await routes.applyAt({
        id: 'r1',
        position: 5,
        set: { status: 'planned', stops: 3 },
        setOnInsert: { createdAt: 'T0' },
      });

      expect(
        await routes.applyAt({ id: 'r1', position: 4, set: { status: 'stale' }, unset: ['stops'] }),
      ).toBe('skipped');
      expect(await routes.get('r1')).toEqual({
        _id: 'r1',
        status: 'planned',
        stops: 3,
        createdAt: 'T0',
        _position: 5,
      });

      const newer = {
        id: 'r1',
        position: 9,
        set: { status: 'done', driver: 'd7' },
        unset: ['stops'],
        setOnInsert: { createdAt: 'T9' },
      };
      expect(await routes.applyAt(newer)).toBe('applied');
      expect(await routes.get('r1')).toEqual({
        _id: 'r1',
        status: 'done',
        driver: 'd7',
        createdAt: 'T0',
        _position: 9,
      });
    });

    it('applies to a document stored without _position (written by put)', async () => {
      const routes = ctx.store.collection('routes');
      await routes.put({ _id: 'r2', status: 'imported', note: 'n' });
      expect(
        await routes.applyAt({ id: 'r2', position: 0, set: { status: 'planned' }, unset: ['note'] }),
      ).toBe('applied');
      expect(await routes.get('r2')).toEqual({ _id: 'r2', status: 'planned', _position: 0 });
      expect(await routes.applyAt({ id: 'r2', position: 0, set: { status: 'again' } })).toBe('skipped');
    });

    it('refuses malformed writes', async () => {
      const routes = ctx.store.collection('routes');
      const bad: GuardedWrite[] = [
        { id: 'r1', position: 1, set: { _position: 3 } },
        { id: 'r1', position: 1, set: { _id: 'other' } },
        { id: 'r1', position: 1, set: { a: 1 }, unset: ['a'] },
        { id: 'r1', position: 1, set: { a: 1 }, setOnInsert: { a: 2 } },
        { id: 'r1', position: -1, set: {} },
        { id: 'r1', position: 1.5, set: {} },
        { id: 'r1', position: 1, set: { 'a.b': 1 } },
        { id: '', position: 1, set: {} },
      ];
      for (const write of bad) await expect(routes.applyAt(write)).rejects.toBeInstanceOf(ValidationError);
      await expect(routes.applyAllAt(bad)).rejects.toBeInstanceOf(ValidationError);
      expect(await routes.count()).toBe(0);
    });
  });

  describe('applyAllAt', () => {
    it('returns [] for no writes', async () => {
      expect(await ctx.store.collection('routes').applyAllAt([])).toEqual([]);
    });

    it('applies 250 writes (several bulks, stale and repeated ones among them) with the right outcomes', async () => {
      const stops = ctx.store.collection('stops');
      const id = (n: number): string => `w${String(n).padStart(3, '0')}`;
      const seed = Array.from({ length: 120 }, (_, n) => ({
        id: id(n),
        position: 100,
        set: { v: `seed-${n}` },
      }));
      expect(await stops.applyAllAt(seed)).toEqual(seed.map(() => 'applied'));

      const writes: GuardedWrite[] = [];
      for (let n = 0; n < 120; n++)
        writes.push({ id: id(n), position: n % 3 === 0 ? 50 : 150, set: { v: `upd-${n}` } });
      for (let n = 120; n < 220; n++) {
        writes.push({ id: id(n), position: 10, set: { v: `new-${n}` }, setOnInsert: { first: n } });
      }
      for (let n = 120; n < 150; n++)
        writes.push({ id: id(n), position: n % 2 === 0 ? 10 : 11, set: { v: `rep-${n}` } });
      expect(writes).toHaveLength(250);

      const model = expectedOutcomes(new Map(seed.map((write) => [write.id, write.position])), writes);
      const outcomes = await stops.applyAllAt(writes);
      expect(outcomes).toEqual(model.outcomes);
      expect(outcomes.filter((outcome) => outcome === 'skipped')).toHaveLength(40 + 15);

      const stored = await stops.find({}, { limit: 1000 });
      expect(stored).toHaveLength(220);
      expect(new Map(stored.map((doc) => [doc._id, doc._position]))).toEqual(model.positions);
      expect(await stops.get(id(0))).toEqual({ _id: id(0), v: 'seed-0', _position: 100 });
      expect(await stops.get(id(1))).toEqual({ _id: id(1), v: 'upd-1', _position: 150 });
      expect(await stops.get(id(120))).toEqual({ _id: id(120), v: 'new-120', first: 120, _position: 10 });
      expect(await stops.get(id(121))).toEqual({ _id: id(121), v: 'rep-121', first: 121, _position: 11 });
    });
  });
}
