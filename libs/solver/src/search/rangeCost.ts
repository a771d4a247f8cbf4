import type { SearchRoute } from './route.js';

/**
 * Cost of the legs of route S from position i to position j as vehicle T drives them: exact when T shares S's
 * profile, or from S's per-profile sums (filled on demand, as Evaluator.pass1 does); else (never with one
 * profile) the cheapest any vehicle could drive them.
 */
export function rangeCost(S: SearchRoute, i: number, j: number, T: SearchRoute): number {
  if (S.profile === T.profile)
    return (
      T.unitDistanceCost * (S.cumDist[j]! - S.cumDist[i]!) +
      T.unitTravelCost * (S.cumTravel[j]! - S.cumTravel[i]!)
    );
  if (S.cumTravelBy.length === 0) return S.cumLb[j]! - S.cumLb[i]!;
  const p = T.profile;
  S.inProfile(p);
  return (
    T.unitDistanceCost * (S.cumDistBy[p]![j]! - S.cumDistBy[p]![i]!) +
    T.unitTravelCost * (S.cumTravelBy[p]![j]! - S.cumTravelBy[p]![i]!)
  );
}
