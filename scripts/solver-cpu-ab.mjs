// CPU of one island, two solver builds, same process, runs interleaved (A, B, A, B, ...).
//
// Usage: node scripts/solver-cpu-ab.mjs BASE_REPO GENERATIONS FILE...   (VROOM-format files)
//   BASE_REPO: a built checkout of the commit to compare against, e.g.
//     git worktree add /tmp/base COMMIT && (cd /tmp/base && npm ci && npx tsc -b libs/solver)
//   REPS (env, default 3): runs per build and file; BPARAMS (env): JSON GeneticParams overrides for B.
// Prints each run's CPU seconds (user + system), the ratio of the medians and each build's plan cost (the same
// costs mean the same plans: iteration-limited runs are reproducible).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [base, generations, ...files] = process.argv.slice(2);
if (!base || !generations || files.length === 0) {
  console.error('usage: node scripts/solver-cpu-ab.mjs BASE_REPO GENERATIONS FILE...');
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const A = await import(path.resolve(base, 'libs/solver/dist/index.js'));
const B = await import(path.resolve(here, '../libs/solver/dist/index.js'));
const reps = Number(process.env.REPS ?? 3);
const bParams = process.env.BPARAMS ? JSON.parse(process.env.BPARAMS) : {};
const median = (xs) => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)];

for (const file of files) {
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  const seconds = { A: [], B: [] };
  const cost = {};
  for (let r = 0; r < reps; r++)
    for (const [arm, lib] of [
      ['A', A],
      ['B', B],
    ]) {
      const problem = new lib.Problem(lib.fromVroom(json, 'cpu-ab').spec);
      const params = { ...lib.DEFAULT_GENETIC_PARAMS, ...(arm === 'B' ? bParams : {}) };
      const start = process.cpuUsage();
      const stop = { maxIterations: Number(generations) };
      const runner = new lib.IslandRunner(
        problem,
        0,
        1,
        stop,
        () => performance.now(),
        () => false,
        params,
      );
      while (!runner.runEpoch(1000));
      const used = process.cpuUsage(start);
      seconds[arm].push((used.user + used.system) / 1e6);
      cost[arm] = runner.island.result()?.cost;
    }
  const fmt = (xs) => xs.map((x) => x.toFixed(2)).join(' ');
  const ratio = (median(seconds.B) / median(seconds.A)).toFixed(3);
  console.log(
    `${path.basename(file)}  A ${fmt(seconds.A)}  B ${fmt(seconds.B)}  B/A ${ratio}  cost ${cost.A} ${cost.B}`,
  );
}
