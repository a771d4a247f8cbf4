import { ValidationError } from '@fleet/core';
import { DEFAULT_GENETIC_PARAMS } from '@fleet/solver';
import { parseGeneticParam } from './params.js';

describe('parseGeneticParam (vrp solve --param)', () => {
  it('takes booleans and numbers of the type of their default, and adds to the overrides so far', () => {
    const one = parseGeneticParam('mergeReceived=true');
    expect(one).toEqual({ mergeReceived: true });
    expect(parseGeneticParam('ruinShare=0.9', one)).toEqual({ mergeReceived: true, ruinShare: 0.9 });
    expect(parseGeneticParam('swapStar=false')).toEqual({ swapStar: false });
  });

  it('takes a field of a nested group as group.key, keeping the other fields of the group', () => {
    const one = parseGeneticParam('ruin.focusShare=0.5');
    // Only the named field changes; the rest of the group is DEFAULT_RUIN.
    expect(one).toEqual({ ruin: { ...DEFAULT_GENETIC_PARAMS.ruin, focusShare: 0.5 } });
    // A second field of the same group adds to the first.
    expect(parseGeneticParam('ruin.meanRemoved=40', one)).toEqual({
      ruin: { ...DEFAULT_GENETIC_PARAMS.ruin, focusShare: 0.5, meanRemoved: 40 },
    });
  });

  it.each([
    ['ruin.focusShare=x', 'ruin.focusShare expects a number, got x'],
    [
      'ruin.noSuchKey=1',
      'expected KEY=VALUE with a numeric or boolean field of GeneticParams as KEY, got ruin.noSuchKey=1',
    ],
    [
      'ruinShare.x=1',
      'expected KEY=VALUE with a numeric or boolean field of GeneticParams as KEY, got ruinShare.x=1',
    ],
    ['mergeReceived=yes', 'mergeReceived expects true or false, got yes'],
    ['ruinShare=', 'ruinShare expects a number, got '],
    ['ruinShare=abc', 'ruinShare expects a number, got abc'],
    ['ruinShare=Infinity', 'ruinShare expects a number, got Infinity'],
    ['ruin=1', 'expected KEY=VALUE with a numeric or boolean field of GeneticParams as KEY, got ruin=1'],
    [
      'noSuchKey=1',
      'expected KEY=VALUE with a numeric or boolean field of GeneticParams as KEY, got noSuchKey=1',
    ],
    [
      'toString=1',
      'expected KEY=VALUE with a numeric or boolean field of GeneticParams as KEY, got toString=1',
    ],
    ['=1', 'expected KEY=VALUE with a numeric or boolean field of GeneticParams as KEY, got =1'],
    [
      'ruinShare',
      'expected KEY=VALUE with a numeric or boolean field of GeneticParams as KEY, got ruinShare',
    ],
  ])('refuses %s', (arg, message) => {
    expect(() => parseGeneticParam(arg)).toThrow(new ValidationError(message));
  });
});
