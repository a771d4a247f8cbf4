import type { Problem } from '../model/problem.js';
import type { LocalSearch } from '../search/localSearch.js';

/**
 * What is wrong with a search state (empty when nothing): a handle in two places, route or position indexes
 * that do not match the routes, a required client not routed, a break outside its vehicle's route. Tests
 * assert `expect(stateProblems(ls, problem)).toEqual([])`.
 */
export function stateProblems(ls: LocalSearch, problem: Problem): string[] {
  const problems: string[] = [];
  const seen = new Set<number>();
  const st = ls.state;
  for (const r of st.routes)
    for (let i = 1; i < r.last; i++) {
      const h = r.nodes[i]!;
      if (seen.has(h)) problems.push(`handle ${h} appears twice`);
      seen.add(h);
      if (st.routeOf[h] !== r.idx) problems.push(`routeOf[${h}] = ${st.routeOf[h]}, in route ${r.idx}`);
      if (st.posOf[h] !== i) problems.push(`posOf[${h}] = ${st.posOf[h]}, at position ${i}`);
    }
  for (let u = problem.numDepots; u < problem.numNodes; u++) {
    if (problem.required[u] && !seen.has(u)) problems.push(`required client ${u} is not routed`);
    if (!seen.has(u) && st.routeOf[u] !== -1)
      problems.push(`unrouted client ${u} has routeOf ${st.routeOf[u]}`);
  }
  for (const r of st.routes)
    if (r.hasBreak && !(r.breakPos > 0)) problems.push(`route ${r.idx} lost its break`);
  return problems;
}
