import { describe, expect, it } from '@jest/globals';
import { ConflictError } from '@fleet/core';
import type { ContractContext } from './context.js';

export function describeLifecycle(ctx: ContractContext): void {
  describe('collections', () => {
    it('lists collections once written to, sorted, and drops them with their documents and indexes', async () => {
      expect(await ctx.store.listCollections()).toEqual([]);
      await ctx.store.collection('b_routes').put({ _id: 'x' });
      await ctx.store.collection('a_depots').applyAt({ id: 'd1', position: 1, set: { name: 'D' } });
      await ctx.store.collection('c_users').ensureIndex({ email: 1 }, { unique: true });
      await ctx.store.collection('c_users').put({ _id: 'u1', email: 'a@x.org' });
      expect(await ctx.store.listCollections()).toEqual(['a_depots', 'b_routes', 'c_users']);

      await ctx.store.dropCollection('a_depots');
      await ctx.store.dropCollection('c_users');
      await ctx.store.dropCollection('never_created');
      expect(await ctx.store.listCollections()).toEqual(['b_routes']);
      expect(await ctx.store.collection('a_depots').get('d1')).toBeNull();
      expect(await ctx.store.collection('a_depots').count()).toBe(0);

      // A dropped collection starts over: no documents, no unique index.
      const users = ctx.store.collection('c_users');
      await users.put({ _id: 'u1', email: 'a@x.org' });
      await users.put({ _id: 'u2', email: 'a@x.org' });
      expect(await users.count()).toBe(2);
      expect(
        await ctx.store.collection('a_depots').applyAt({ id: 'd1', position: 1, set: { name: 'D' } }),
      ).toBe('applied');
    });
  });

  describe('durability', () => {
    it('keeps documents, positions and unique indexes across close and reopen', async () => {
      const routes = ctx.store.collection('routes');
      const write = { id: 'r1', position: 7, set: { status: 'planned', email: 'a@x.org' } };
      await routes.ensureIndex({ email: 1 }, { unique: true });
      expect(await routes.applyAt(write)).toBe('applied');
      await routes.put({ _id: 'r2', status: 'draft' });

      const reopened = await ctx.reopen();
      const again = reopened.collection('routes');
      expect(await again.get('r1')).toEqual({ _id: 'r1', status: 'planned', email: 'a@x.org', _position: 7 });
      expect(await again.get('r2')).toEqual({ _id: 'r2', status: 'draft' });
      expect(await again.applyAt(write)).toBe('skipped');
      await expect(again.put({ _id: 'r3', email: 'a@x.org' })).rejects.toBeInstanceOf(ConflictError);
      expect(await reopened.listCollections()).toEqual(['routes']);
    });
  });
}
