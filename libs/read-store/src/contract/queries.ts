import { beforeEach, describe, expect, it } from '@jest/globals';
import { ValidationError } from '@fleet/core';
import type { Filter } from '../port.js';
import type { ContractContext } from './context.js';
import { ids, PEOPLE } from './people.js';

export function describeQueries(ctx: ContractContext): void {
  describe('find with filters, and count', () => {
    beforeEach(async () => {
      const people = ctx.store.collection('people');
      for (const person of PEOPLE) await people.put(person);
    });
    const found = async (filter: Filter): Promise<string[]> =>
      ids(await ctx.store.collection('people').find(filter));

    it('returns every document, by _id, without a filter', async () => {
      expect(await found({})).toEqual(ids(PEOPLE));
    });

    it('matches equality on strings (case-sensitive), numbers and booleans, implicit or $eq', async () => {
      expect(await found({ city: 'Lyon' })).toEqual(['p01', 'p03']);
      expect(await found({ city: { $eq: 'lyon' } })).toEqual(['p06']);
      expect(await found({ age: { $eq: 28 } })).toEqual(['p02', 'p04']);
      expect(await found({ age: 19.5 })).toEqual(['p07']);
      expect(await found({ active: false })).toEqual(['p02', 'p05']);
      expect(await found({ _id: 'p03' })).toEqual(['p03']);
    });

    it('treats null as "null or missing" and $exists as "present, even if null"', async () => {
      expect(await found({ team: null })).toEqual(['p03', 'p04']);
      expect(await found({ team: { $ne: null } })).toEqual(['p01', 'p02', 'p05', 'p06', 'p07']);
      expect(await found({ team: { $exists: true } })).toEqual(['p01', 'p02', 'p03', 'p05', 'p06', 'p07']);
      expect(await found({ team: { $exists: false } })).toEqual(['p04']);
    });

    it('matches $ne (missing fields included) and $in', async () => {
      expect(await found({ team: { $ne: 'red' } })).toEqual(['p02', 'p03', 'p04', 'p06']);
      expect(await found({ city: { $in: ['Nice', 'Paris'] } })).toEqual(['p02', 'p04', 'p05', 'p07']);
      expect(await found({ team: { $in: ['blue', null] } })).toEqual(['p02', 'p03', 'p04', 'p06']);
      expect(await found({ age: { $in: [] } })).toEqual([]);
    });

    it('compares numbers with $gt/$gte/$lt/$lte', async () => {
      expect(await found({ age: { $gt: 34 } })).toEqual(['p03', 'p05']);
      expect(await found({ age: { $gte: 34 } })).toEqual(['p01', 'p03', 'p05', 'p06']);
      expect(await found({ age: { $lt: 28 } })).toEqual(['p07']);
      expect(await found({ age: { $lte: 28 } })).toEqual(['p02', 'p04', 'p07']);
      expect(await found({ age: { $gte: 28, $lt: 41 } })).toEqual(['p01', 'p02', 'p04', 'p06']);
    });

    it('compares strings by code point, and only with strings', async () => {
      expect(await found({ city: { $gte: 'M', $lt: 'P' } })).toEqual(['p04']);
      expect(await found({ name: { $lt: 'a' } })).toEqual(['p01', 'p03', 'p04', 'p05', 'p06', 'p07']);
      expect(await found({ team: { $gt: 'a' } })).toEqual(['p01', 'p02', 'p05', 'p06', 'p07']);
      expect(await found({ age: { $gt: 'a' } })).toEqual([]);
    });

    it('matches $contains as a case-insensitive literal substring of strings', async () => {
      expect(await found({ name: { $contains: 'MART' } })).toEqual(['p01']);
      expect(await found({ name: { $contains: 'a.b' } })).toEqual(['p05']);
      expect(await found({ name: { $contains: '(dave)' } })).toEqual(['p04']);
      expect(await found({ name: { $contains: 'CHLOÉ' } })).toEqual(['p03']);
      expect(await found({ name: { $contains: '' } })).toEqual(ids(PEOPLE));
      expect(await found({ name: { $contains: '.*' } })).toEqual([]);
      expect(await found({ age: { $contains: '3' } })).toEqual([]);
    });

    it('combines conditions on several fields, and reads dotted paths', async () => {
      expect(await found({ city: 'Paris', active: true })).toEqual(['p07']);
      expect(await found({ team: 'red', age: { $gt: 30 }, name: { $contains: 'e' } })).toEqual([
        'p01',
        'p05',
      ]);
      expect(await found({ 'address.zip': '69003' })).toEqual(['p03']);
      expect(await found({ 'address.zip': { $exists: true }, active: true })).toEqual(['p01', 'p03']);
    });

    it('counts with and without a filter', async () => {
      const people = ctx.store.collection('people');
      expect(await people.count()).toBe(PEOPLE.length);
      expect(await people.count({ city: 'Paris' })).toBe(3);
      expect(await people.count({ team: null, active: true })).toBe(2);
      expect(await ctx.store.collection('nobody').count()).toBe(0);
      expect(await ctx.store.collection('nobody').find()).toEqual([]);
    });

    it('refuses operators outside the subset', async () => {
      const people = ctx.store.collection('people');
      await expect(people.find({ name: { $regex: 'a' } } as unknown as Filter)).rejects.toBeInstanceOf(
        ValidationError,
      );
      await expect(people.find({ $or: [] } as unknown as Filter)).rejects.toBeInstanceOf(ValidationError);
      await expect(people.count({ age: { $gt: { n: 1 } } } as unknown as Filter)).rejects.toBeInstanceOf(
        ValidationError,
      );
    });
  });
}
