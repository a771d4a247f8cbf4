import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '@fleet/core';
import type { Doc } from '../port.js';
import type { ContractContext } from './context.js';

export function describeDocuments(ctx: ContractContext): void {
  describe('get / put / delete', () => {
    it('puts, gets, replaces and deletes a document', async () => {
      const routes = ctx.store.collection('routes');
      expect(await routes.get('r1')).toBeNull();

      await routes.put({ _id: 'r1', depot: 'd1', stops: 3, extra: 'x' });
      expect(await routes.get('r1')).toEqual({ _id: 'r1', depot: 'd1', stops: 3, extra: 'x' });

      await routes.put({ _id: 'r1', depot: 'd2', stops: 4 });
      expect(await routes.get('r1')).toEqual({ _id: 'r1', depot: 'd2', stops: 4 });

      expect(await routes.delete('r1')).toBe(true);
      expect(await routes.get('r1')).toBeNull();
      expect(await routes.delete('r1')).toBe(false);
    });

    it('keeps value types: nested objects, arrays, floats, large integers, booleans, null, dates', async () => {
      const docs = ctx.store.collection('values');
      const doc: Doc = {
        _id: 'v1',
        nested: { a: { b: [1, 'two', { c: null }] } },
        empty: '',
        unicode: 'Zoé – 東京',
        float: 0.1,
        negative: -7,
        large: 2 ** 40,
        flag: false,
        nothing: null,
        at: new Date('2026-11-03T10:00:00.000Z'),
      };
      await docs.put(doc);
      expect(await docs.get('v1')).toEqual(doc);
    });

    it('drops fields whose value is undefined', async () => {
      const docs = ctx.store.collection('values');
      await docs.put({ _id: 'u1', kept: 1, dropped: undefined });
      const stored = await docs.get('u1');
      expect(stored).toEqual({ _id: 'u1', kept: 1 });
      expect(Object.keys(stored ?? {})).not.toContain('dropped');
    });

    it('keeps collections apart', async () => {
      await ctx.store.collection('left').put({ _id: 'same', side: 'left' });
      await ctx.store.collection('right').put({ _id: 'same', side: 'right' });
      expect(await ctx.store.collection('left').get('same')).toEqual({ _id: 'same', side: 'left' });
      expect(await ctx.store.collection('right').count()).toBe(1);
    });

    it('refuses an empty id and $-prefixed field names', async () => {
      const docs = ctx.store.collection('values');
      await expect(docs.put({ _id: '' })).rejects.toBeInstanceOf(ValidationError);
      await expect(docs.put({ _id: 'x', $set: 1 })).rejects.toBeInstanceOf(ValidationError);
      await expect(docs.get('')).rejects.toBeInstanceOf(ValidationError);
    });
  });
}
