import { Problem } from '../model/problem.js';
import { lineSpec, optionalLineClients } from '../testing/lineProblem.js';
import { travelTimeVehicle } from '../testing/vehicleType.js';
import { Proposal } from './proposal.js';
import { SearchState } from './state.js';

/**
 * Three clients on the line, two vehicles. `emptyVersion` counts the times a route became empty or stopped
 * being empty; the local search skips a client's empty-route moves while neither its route nor this count
 * changed, so a change that leaves every route's emptiness as it was must not bump it.
 */
function state(): SearchState {
  const clients = optionalLineClients(3, 10, 1000);
  const spec = lineSpec(clients, [10], 100, {
    vehicleTypes: [travelTimeVehicle('a', [10], 100), travelTimeVehicle('b', [10], 100)],
  });
  const st = new SearchState(new Problem(spec));
  st.load([{ vehicle: 0, visits: Int32Array.from([1, 2]) }]);
  return st;
}

describe('SearchState.emptyVersion', () => {
  it('is bumped when a route stops being empty and when it becomes empty', () => {
    const st = state();
    const [a, b] = [st.routes[0]!, st.routes[1]!];
    // Route a = depot, c1, c2, depot (positions 0..3); route b is empty (positions 0..1).
    const v0 = st.emptyVersion;
    // c2 moves to b: a keeps c1, b gets its first client: one change of emptiness (b).
    st.apply(
      new Proposal().begin(a).range(a, 0, 1).range(a, 3, 3),
      new Proposal().begin(b).range(b, 0, 0).node(2).range(b, 1, 1),
    );
    expect(st.emptyVersion).toBe(v0 + 1);
    // c1 moves to b: a becomes empty: one more.
    st.apply(
      new Proposal().begin(a).range(a, 0, 0).range(a, 2, 2),
      new Proposal().begin(b).range(b, 0, 1).node(1).range(b, 2, 2),
    );
    expect(st.emptyVersion).toBe(v0 + 2);
    expect(a.numClients).toBe(0);
    expect(b.numClients).toBe(2);
  });

  it('stays when routes change but none becomes or stops being empty', () => {
    const st = state();
    const a = st.routes[0]!;
    const v0 = st.emptyVersion;
    // a = c2, c1 (reversed): same emptiness everywhere.
    st.apply(new Proposal().begin(a).range(a, 0, 0).node(2).node(1).range(a, 3, 3), null);
    expect(st.emptyVersion).toBe(v0);
    expect(Array.from(a.nodes.subarray(1, a.last))).toEqual([2, 1]);
  });
});
