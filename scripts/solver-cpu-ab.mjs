// CPU of one island, two solver builds, same process, interleaved (A, B, A, B, ...).
//
// Usage: node scripts/solver-cpu-ab.mjs BASE GENERATIONS FILE...   (VROOM .json, Solomon .txt or VRPLIB .vrp)
//   BASE: a built checkout of the commit to compare against, e.g.
//     git worktree add /tmp/base COMMIT && (cd /tmp/base && npm ci && npx tsc -b libs/solver)
//   or the path of a solver build's index.js (a copy of libs/solver/dist placed where its imports resolve,
//   e.g. under this repo's node_modules).
//   REPS (env, default 3): runs per build and file; BPARAMS (env): JSON GeneticParams overrides for B.
//   STEP=generation (env): one island per build, advanced one generation at a time in turn, timed per
//   generation with the wall clock: a machine whose speed drifts within minutes slows both builds alike.
//   Without it, whole runs alternate, timed by CPU.
// Prints each build's seconds, the ratio B/A and each build's plan cost (the same costs mean the same plans:
// iteration-limited runs are reproducible).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [base, generations, ...files] = process.argv.slice(2);
if (!base || !generations || files.length === 0) {
  console.error('usage: node scripts/solver-cpu-ab.mjs BASE GENERATIONS FILE...');
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const A = await import(
  base.endsWith('.js') ? path.resolve(base) : path.resolve(base, 'libs/solver/dist/index.js')
);
const B = await import(path.resolve(here, '../libs/solver/dist/index.js'));
const reps = Number(process.env.REPS ?? 3);
const bParams = process.env.BPARAMS ? JSON.parse(process.env.BPARAMS) : {};
const byGeneration = process.env.STEP === 'generation';
const median = (xs) => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)];

/** The file's problem for solver build `lib` (the CLI's default rounding for Solomon and VRPLIB). */
function problemOf(lib, file, text) {
  if (file.endsWith('.json')) return new lib.Problem(lib.fromVroom(JSON.parse(text), 'cpu-ab').spec);
  const vrplib = /^\s*DIMENSION\s*:/m.test(text);
  const coord = vrplib ? lib.parseVrplib(text) : lib.parseSolomon(text);
  return new lib.Problem(lib.buildCoordProblem(coord, coord.kind === 'cvrp' ? 'round' : 'dimacs'));
}

const runner = (lib, file, text, arm) =>
  new lib.IslandRunner(
    problemOf(lib, file, text),
    0,
    1,
    { maxIterations: Number(generations) },
    () => performance.now(),
    () => false,
    { ...lib.DEFAULT_GENETIC_PARAMS, ...(arm === 'B' ? bParams : {}) },
  );

for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const seconds = { A: [], B: [] };
  const cost = {};
  for (let r = 0; r < reps; r++) {
    if (byGeneration) {
      const arms = { A: runner(A, file, text, 'A'), B: runner(B, file, text, 'B') };
      const spent = { A: 0, B: 0 };
      for (let g = 0; g < Number(generations); g++)
        for (const arm of g % 2 === 0 ? ['A', 'B'] : ['B', 'A']) {
          const t = performance.now();
          arms[arm].runEpoch(1);
          spent[arm] += performance.now() - t;
        }
      for (const arm of ['A', 'B']) {
        seconds[arm].push(spent[arm] / 1000);
        cost[arm] = arms[arm].island.result()?.cost;
      }
      continue;
    }
    for (const [arm, lib] of [
      ['A', A],
      ['B', B],
    ]) {
      const start = process.cpuUsage();
      const run = runner(lib, file, text, arm);
      while (!run.runEpoch(1000));
      const used = process.cpuUsage(start);
      seconds[arm].push((used.user + used.system) / 1e6);
      cost[arm] = run.island.result()?.cost;
    }
  }
  const fmt = (xs) => xs.map((x) => x.toFixed(2)).join(' ');
  const ratio = (median(seconds.B) / median(seconds.A)).toFixed(3);
  console.log(
    `${path.basename(file)}  A ${fmt(seconds.A)}  B ${fmt(seconds.B)}  B/A ${ratio}  cost ${cost.A} ${cost.B}`,
  );
}
