import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '@fleet/core';
import type { Filter } from '../port.js';
import { compareStrings, compareValues } from './compare.js';
import { pageOf, sortSpec, valueAt } from './find-options.js';
import { escapeRegex, toMongoQuery } from './to-mongo-query.js';

describe('toMongoQuery', () => {
  it('passes the subset through and renders $contains as an escaped case-insensitive $regex', () => {
    expect(
      toMongoQuery({ a: 1, b: { $gte: 2, $lt: 5 }, c: { $in: ['x', null] }, d: { $exists: false } }),
    ).toEqual({
      a: 1,
      b: { $gte: 2, $lt: 5 },
      c: { $in: ['x', null] },
      d: { $exists: false },
    });
    expect(toMongoQuery({ name: { $contains: 'a.b(c)*' } })).toEqual({
      name: { $regex: 'a\\.b\\(c\\)\\*', $options: 'i' },
    });
  });

  it('refuses what the subset does not have', () => {
    const bad = [
      { $or: [] },
      { a: { $regex: 'x' } },
      { a: {} },
      { a: { $gt: Number.NaN } },
      { a: { $in: 'x' } },
      { a: { $exists: 1 } },
      { 'a..b': 1 },
    ] as unknown as Filter[];
    for (const filter of bad) expect(() => toMongoQuery(filter)).toThrow(ValidationError);
  });

  it('escapes every regex metacharacter so the text matches itself only', () => {
    const text = '^$.*+?()[]{}|\\/x';
    expect(new RegExp(escapeRegex(text)).test(text)).toBe(true);
    expect(new RegExp(escapeRegex('a.c')).test('abc')).toBe(false);
  });
});

describe('compareValues (MongoDB sort order)', () => {
  it('orders types: null/missing, numbers, strings, objects, arrays, booleans, dates', () => {
    const values = [new Date(0), true, [1], { a: 1 }, 'a', 3, null];
    const sorted = [...values].sort(compareValues);
    expect(sorted).toEqual([null, 3, 'a', { a: 1 }, [1], true, new Date(0)]);
    expect(compareValues(undefined, null)).toBe(0);
    expect(compareValues(false, true)).toBeLessThan(0);
  });

  it('orders strings by code point (UTF-8 byte order), not UTF-16 units or locale', () => {
    // U+FF21 (fullwidth A) is one UTF-16 unit 0xFF21; U+1F600 is the surrogate pair D83D DE00.
    expect(compareStrings('\uff21', '\u{1f600}')).toBeLessThan(0);
    expect('\uff21' < '\u{1f600}').toBe(false); // what plain JS comparison would say
    expect(compareStrings('Z', 'a')).toBeLessThan(0);
    expect(compareStrings('z', 'é')).toBeLessThan(0);
    expect(compareStrings('ab', 'abc')).toBeLessThan(0);
  });
});

describe('find options', () => {
  it('appends _id ascending as the last sort key unless present', () => {
    expect(sortSpec({ sort: { a: -1 } })).toEqual([
      ['a', -1],
      ['_id', 1],
    ]);
    expect(sortSpec({ sort: { _id: -1, a: 1 } })).toEqual([
      ['_id', -1],
      ['a', 1],
    ]);
    expect(sortSpec()).toEqual([['_id', 1]]);
  });

  it('validates skip and limit', () => {
    expect(pageOf({ skip: 2, limit: 0 })).toEqual({ skip: 2, limit: 0 });
    expect(() => pageOf({ skip: -1 })).toThrow(ValidationError);
    expect(() => pageOf({ limit: 1.5 })).toThrow(ValidationError);
  });

  it('reads dotted paths through objects only', () => {
    expect(valueAt({ a: { b: { c: 1 } } }, 'a.b.c')).toBe(1);
    expect(valueAt({ a: [{ b: 1 }] }, 'a.b')).toBeUndefined();
    expect(valueAt({ a: null }, 'a.b')).toBeUndefined();
  });
});
