import type { Doc } from '../port.js';

/**
 * The documents the query tests run on. Chosen to exercise MongoDB's rules: null vs missing (`team`),
 * case (`city`: Lyon vs lyon), regex metacharacters in `name` (a.b vs axb, parentheses), equal sort keys
 * (`age` 28 and 34 twice) and a non-integer number.
 */
export const PEOPLE: readonly Doc[] = [
  {
    _id: 'p01',
    name: 'Alice Martin',
    city: 'Lyon',
    age: 34,
    active: true,
    team: 'red',
    address: { zip: '69001' },
  },
  { _id: 'p02', name: 'bob stone', city: 'Paris', age: 28, active: false, team: 'blue' },
  {
    _id: 'p03',
    name: 'Chloé Dubois',
    city: 'Lyon',
    age: 41,
    active: true,
    team: null,
    address: { zip: '69003' },
  },
  { _id: 'p04', name: 'David (Dave) Lee', city: 'Nice', age: 28, active: true },
  { _id: 'p05', name: 'Eve a.b', city: 'Paris', age: 52, active: false, team: 'red' },
  { _id: 'p06', name: 'Frank axb', city: 'lyon', age: 34, active: true, team: 'blue' },
  { _id: 'p07', name: 'Zoé', city: 'Paris', age: 19.5, active: true, team: 'red' },
];

export const ids = (docs: readonly Doc[]): string[] => docs.map((doc) => doc._id);
