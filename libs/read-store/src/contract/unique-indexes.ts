import { describe, expect, it } from '@jest/globals';
import { ConflictError } from '@fleet/core';
import type { ContractContext } from './context.js';

export function describeUniqueIndexes(ctx: ContractContext): void {
  describe('indexes', () => {
    it('enforces a unique index on put and on guarded writes, with ConflictError', async () => {
      const users = ctx.store.collection('users');
      await users.ensureIndex({ email: 1 }, { unique: true });
      await users.ensureIndex({ email: 1 }, { unique: true }); // idempotent
      await users.put({ _id: 'u1', email: 'a@x.org', name: 'A' });

      await expect(users.put({ _id: 'u2', email: 'a@x.org' })).rejects.toBeInstanceOf(ConflictError);
      expect(await users.get('u2')).toBeNull();
      await users.put({ _id: 'u2', email: 'b@x.org' });

      await expect(
        users.applyAt({ id: 'u3', position: 1, set: { email: 'a@x.org' } }),
      ).rejects.toBeInstanceOf(ConflictError);
      expect(await users.get('u3')).toBeNull();
      await expect(
        users.applyAt({ id: 'u2', position: 1, set: { email: 'a@x.org' } }),
      ).rejects.toBeInstanceOf(ConflictError);
      expect(await users.get('u2')).toEqual({ _id: 'u2', email: 'b@x.org' });

      // A document keeps its own value without conflict; a value it gives up becomes free.
      expect(await users.applyAt({ id: 'u1', position: 2, set: { name: 'A2', email: 'a@x.org' } })).toBe(
        'applied',
      );
      expect(await users.applyAt({ id: 'u1', position: 3, set: { email: 'c@x.org' } })).toBe('applied');
      expect(await users.applyAt({ id: 'u2', position: 4, set: { email: 'a@x.org' } })).toBe('applied');
      expect(await users.delete('u2')).toBe(true);
      await users.put({ _id: 'u4', email: 'a@x.org' });
      expect(await users.count({ email: 'a@x.org' })).toBe(1);
    });

    it('stops applyAllAt at a conflicting write: earlier writes stay, later ones do not run', async () => {
      const users = ctx.store.collection('users');
      await users.ensureIndex({ email: 1 }, { unique: true });
      await users.put({ _id: 'u1', email: 'a@x.org' });
      const writes = [
        { id: 'u2', position: 1, set: { email: 'b@x.org' } },
        { id: 'u3', position: 1, set: { email: 'a@x.org' } },
        { id: 'u4', position: 1, set: { email: 'd@x.org' } },
      ];
      await expect(users.applyAllAt(writes)).rejects.toBeInstanceOf(ConflictError);
      expect(await users.get('u2')).toEqual({ _id: 'u2', email: 'b@x.org', _position: 1 });
      expect(await users.get('u3')).toBeNull();
      expect(await users.get('u4')).toBeNull();
    });

    it('stops a long applyAllAt (several bulks) at a conflicting write the same way', async () => {
      const users = ctx.store.collection('users');
      await users.ensureIndex({ email: 1 }, { unique: true });
      await users.put({ _id: 'taken', email: 'taken@x.org' });
      const writes = Array.from({ length: 150 }, (_, n) => ({
        id: `m${n}`,
        position: 1,
        set: { email: n === 120 ? 'taken@x.org' : `m${n}@x.org` },
      }));
      await expect(users.applyAllAt(writes)).rejects.toBeInstanceOf(ConflictError);
      expect(await users.count()).toBe(1 + 120);
      expect(await users.get('m119')).toEqual({ _id: 'm119', email: 'm119@x.org', _position: 1 });
      expect(await users.get('m120')).toBeNull();
      expect(await users.get('m121')).toBeNull();
    });

    it('enforces a compound unique index on the combination only', async () => {
      const vehicles = ctx.store.collection('vehicles');
      await vehicles.ensureIndex({ depot: 1, code: 1 }, { unique: true });
      await vehicles.put({ _id: 'v1', depot: 'd1', code: 'V-1' });
      await vehicles.put({ _id: 'v2', depot: 'd2', code: 'V-1' });
      await vehicles.put({ _id: 'v3', depot: 'd1', code: 'V-2' });
      await expect(vehicles.put({ _id: 'v4', depot: 'd2', code: 'V-1' })).rejects.toBeInstanceOf(
        ConflictError,
      );
      expect(await vehicles.count()).toBe(3);
    });

    it('refuses to build a unique index over duplicate values', async () => {
      const users = ctx.store.collection('users');
      await users.put({ _id: 'u1', email: 'a@x.org' });
      await users.put({ _id: 'u2', email: 'a@x.org' });
      await expect(users.ensureIndex({ email: 1 }, { unique: true })).rejects.toBeInstanceOf(ConflictError);
      await users.put({ _id: 'u3', email: 'a@x.org' }); // no index was left behind
      expect(await users.count({ email: 'a@x.org' })).toBe(3);
    });

    it('accepts non-unique indexes, which never refuse a write', async () => {
      const stops = ctx.store.collection('stops');
      await stops.ensureIndex({ route: 1, seq: -1 });
      await stops.ensureIndex({ route: 1, seq: -1 });
      await stops.put({ _id: 's1', route: 'r1', seq: 1 });
      await stops.put({ _id: 's2', route: 'r1', seq: 1 });
      expect(await stops.count({ route: 'r1' })).toBe(2);
    });
  });
}
