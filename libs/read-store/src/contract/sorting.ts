import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Doc, FindOptions } from '../port.js';
import type { ContractContext } from './context.js';
import { ids, PEOPLE } from './people.js';

export function describeSorting(ctx: ContractContext): void {
  describe('sort, skip, limit', () => {
    beforeEach(async () => {
      const people = ctx.store.collection('people');
      for (const person of PEOPLE) await people.put(person);
    });
    const sorted = async (options: FindOptions, filter = {}): Promise<string[]> =>
      ids(await ctx.store.collection('people').find(filter, options));

    it('sorts on two keys, ascending then descending and the reverse', async () => {
      expect(await sorted({ sort: { age: 1, name: -1 } })).toEqual([
        'p07',
        'p02',
        'p04',
        'p06',
        'p01',
        'p03',
        'p05',
      ]);
      expect(await sorted({ sort: { age: -1, name: 1 } })).toEqual([
        'p05',
        'p03',
        'p01',
        'p06',
        'p04',
        'p02',
        'p07',
      ]);
    });

    it('puts null and missing first, then numbers, strings, booleans (MongoDB order)', async () => {
      expect(await sorted({ sort: { team: 1, age: -1 } })).toEqual([
        'p03',
        'p04',
        'p06',
        'p02',
        'p05',
        'p01',
        'p07',
      ]);
      expect(await sorted({ sort: { active: 1, _id: -1 } })).toEqual([
        'p05',
        'p02',
        'p07',
        'p06',
        'p04',
        'p03',
        'p01',
      ]);

      const mixed = ctx.store.collection('mixed');
      const values: [string, unknown][] = [
        ['m1', 'b'],
        ['m2', 2],
        ['m3', null],
        ['m4', true],
        ['m5', 'A'],
        ['m6', 10],
        ['m7', undefined],
        ['m8', false],
        ['m9', 'z'],
        ['m10', 'é'],
        ['m11', -1.5],
      ];
      for (const [id, value] of values)
        await mixed.put(value === undefined ? { _id: id } : { _id: id, v: value });
      const ascending = ['m3', 'm7', 'm11', 'm2', 'm6', 'm5', 'm1', 'm9', 'm10', 'm8', 'm4'];
      expect(ids(await mixed.find({}, { sort: { v: 1 } }))).toEqual(ascending);
      // Equal keys (null and missing) keep _id ascending in both directions.
      expect(ids(await mixed.find({}, { sort: { v: -1 } }))).toEqual([
        ...ascending.slice(2).reverse(),
        'm3',
        'm7',
      ]);
    });

    it('breaks ties by _id ascending and sorts strings by byte order (uppercase before lowercase)', async () => {
      expect(await sorted({ sort: { city: 1 } })).toEqual(['p01', 'p03', 'p04', 'p02', 'p05', 'p07', 'p06']);
      expect(await sorted({ sort: { city: -1 } })).toEqual(['p06', 'p02', 'p05', 'p07', 'p04', 'p01', 'p03']);
    });

    it('pages with skip and limit over a sorted, filtered result', async () => {
      const sort = { age: 1, name: 1 } as const;
      const all = await sorted({ sort });
      const pages: string[] = [];
      for (let skip = 0; skip < all.length; skip += 3) {
        const page = await sorted({ sort, skip, limit: 3 });
        expect(page.length).toBe(Math.min(3, all.length - skip));
        pages.push(...page);
      }
      expect(pages).toEqual(all);
      expect(await sorted({ sort, skip: 7 })).toEqual([]);
      expect(await sorted({ sort, limit: 2 })).toEqual(all.slice(0, 2));
      expect(await sorted({ sort, limit: 0 })).toEqual([]);
      expect(await sorted({ sort: { age: -1 }, skip: 1, limit: 2 }, { active: true })).toEqual([
        'p01',
        'p06',
      ]);
    });

    it('returns what the count says', async () => {
      const people = ctx.store.collection<Doc>('people');
      const filter = { age: { $gte: 28 } };
      expect((await people.find(filter)).length).toBe(await people.count(filter));
    });
  });
}
