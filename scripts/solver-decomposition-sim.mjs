// Decomposition across two workers, simulated in one thread (docs/solver.md, "Decomposition").
//
// Usage: node scripts/solver-decomposition-sim.mjs FILE SEED [T0 K T]   (a VROOM .json; defaults 3000 4 1000)
//
// One island runs T0 ms of CPU; its best plan S (every job served) is the start of three arms, each given the
// wall time K x T of two workers:
//   single:        one fresh island loaded with S, K x T ms (what one worker does);
//   two-following: two fresh islands loaded with S, T ms each in turn, after each turn the worse one takes the
//                  better one's plan (what two workers exchanging their bests do, without their contention);
//   decomposition: K rounds; each splits the plan's routes by angle (splitByAngle, the cut rotated each round)
//                  into two parts, runs one fresh island per part on its sub-problem (subProblem) for T ms, and
//                  joins the two parts' best plans (each part's clients on its vehicles, so they always join).
// The arms run one after the other in this thread, each island timed by the wall clock of its own steps: what
// two workers would do in parallel in T ms is run here in 2 T. Prints each arm's travel and the difference to
// single.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const S = await import(path.resolve(here, '../libs/solver/dist/index.js'));
const D = await import(path.resolve(here, '../apps/optimizer/dist/pool/decomposition.js'));
const [file, seedArg, t0Arg = '3000', kArg = '4', tArg = '1000'] = process.argv.slice(2);
if (!file || !seedArg) {
  console.error('usage: node scripts/solver-decomposition-sim.mjs FILE SEED [T0 K T]');
  process.exit(2);
}
const seed = Number(seedArg);
const [T0, K, T] = [Number(t0Arg), Number(kArg), Number(tArg)];
const { spec } = S.fromVroom(JSON.parse(fs.readFileSync(file, 'utf8')), path.basename(file, '.json'));
const P = new S.Problem(spec);
const params = S.DEFAULT_GENETIC_PARAMS;
// A part is searched with the pool's own parameters for parts (apps/optimizer/src/pool/decomposition.ts).
const partParams = D.partParams(params);

function run(island, ms) {
  const start = performance.now();
  const stop = () => performance.now() - start >= ms;
  while (!stop()) island.step(stop);
}

function loaded(problem, islandSeed, routes, p) {
  const island = new S.Island(problem, islandSeed, p);
  island.inject([routes]);
  return island;
}

const first = new S.Island(P, seed, params);
run(first, T0);
const start = first.best;
if (!start || start.numRouted !== P.numClients) {
  console.log(`RESULT ${path.basename(file)} seed ${seed}: not every job served after ${T0} ms`);
  process.exit(0);
}

const single = loaded(P, seed * 7 + 1, start.routes, params);
run(single, K * T);

const a = loaded(P, seed * 7 + 2, start.routes, params);
const b = loaded(P, seed * 7 + 3, start.routes, params);
for (let k = 0; k < K; k++) {
  run(a, T);
  run(b, T);
  if (b.best.objective < a.best.objective) a.inject([b.best.routes]);
  else if (a.best.objective < b.best.objective) b.inject([a.best.routes]);
}
const two = Math.min(a.best.cost, b.best.cost);

let current = start;
let setup = 0;
for (let k = 0; k < K; k++) {
  const parts = S.splitByAngle(P, current.routes, 2, (k * Math.PI) / K + seed);
  const joined = [];
  parts.forEach((part, i) => {
    const t = performance.now();
    const sub = S.subProblem(spec, P, part.vehicles, part.clients);
    const island = loaded(
      new S.Problem(sub.spec),
      seed * 100 + 2 * k + i,
      sub.toSub(part.routes),
      partParams,
    );
    setup += performance.now() - t;
    run(island, T);
    const best = island.best;
    joined.push(...(best && best.numRouted === part.clients.length ? sub.toFull(best.routes) : part.routes));
  });
  const plan = S.evaluateRoutes(P, joined);
  if (plan.feasible && plan.objective <= current.objective) current = plan;
}
const pct = (x) => `${((x / single.best.cost - 1) * 100).toFixed(2)} %`;
console.log(
  `RESULT ${path.basename(file)} seed ${seed}: start ${Math.round(start.cost)}, single ${Math.round(single.best.cost)}, ` +
    `two-following ${Math.round(two)} (${pct(two)}), decomposition ${Math.round(current.cost)} (${pct(current.cost)}); ` +
    `part setup ${(setup / K / 2).toFixed(0)} ms`,
);
