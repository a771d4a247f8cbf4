import { readFileSync, readdirSync } from 'node:fs';

/**
 * Deciders, commands and events are pure: no I/O, no clock, no randomness (time comes from DecideContext or
 * the command). ESLint's purity rule covers `domain/` folders; this guards the feature files of that kind.
 */
const PURE_FILES = ['decider.ts', 'commands.ts', 'events.ts', 'profiles.ts', 'defaults.ts'];
const FORBIDDEN: readonly [RegExp, string][] = [
  [/from '(node:|fs|path|os|worker_threads|express|kafkajs|mongodb|lmdb)/, 'I/O import'],
  [/new Date\(\s*\)/, 'new Date()'],
  [/Date\.now\(/, 'Date.now()'],
  [/Math\.random\(/, 'Math.random()'],
  [/process\./, 'process'],
];

describe('pure feature files', () => {
  const root = new URL('./', import.meta.url);
  const files = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) => PURE_FILES.map((file) => new URL(`${dir.name}/${file}`, root)))
    .filter((url) => {
      try {
        readFileSync(url);
        return true;
      } catch {
        return false;
      }
    });

  it('exist (the check looks at something)', () => {
    expect(files.length).toBeGreaterThanOrEqual(9);
  });

  it('use no I/O, clock or randomness', () => {
    const offences = files.flatMap((url) => {
      const text = readFileSync(url, 'utf8');
      return FORBIDDEN.filter(([pattern]) => pattern.test(text)).map(
        ([, what]) => `${url.pathname}: ${what}`,
      );
    });
    expect(offences).toEqual([]);
  });
});
