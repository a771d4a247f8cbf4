#!/usr/bin/env python3
"""PyVRP on a relaxation of a VROOM-format instance: a second opinion on how much travel a plan can save.

Diagnostic only (docs/benchmarks.md, session 29). PyVRP (hybrid genetic search, one thread) has no breaks, so
they are left out, which can only make the problem easier. Everything else is kept: each vehicle is its own
vehicle type (depot, shift window, capacities); its speed factor becomes a PyVRP profile whose edges are the
matrix's durations divided by the factor, rounded per edge; a job with two windows becomes a required group of
two mutually exclusive copies, one per window. The objective is travel duration alone (the edges' "distance"
is the scaled duration), which is what the comparison with VROOM measures. A vehicle without `start_index` or
`end_index` (an open route) starts or ends at a free depot: edges from it and to it cost nothing.

Set-up, outside the repo:
  python3 -m venv /tmp/pyvrp-venv && /tmp/pyvrp-venv/bin/pip install pyvrp==0.14.1
Usage:
  /tmp/pyvrp-venv/bin/python bench/vroom/pyvrp_relaxation.py INSTANCE.json SECONDS [SEED] [VROOM_PLAN.json]
Prints one JSON line: travel, routes, and with a VROOM plan its travel and the difference in percent.
"""

import json
import sys

from pyvrp import Model
from pyvrp.stop import MaxRuntime


def durations(inst):
    matrices = inst["matrices"]
    profile = matrices.get("car") or next(iter(matrices.values()))
    return profile["durations"]


def build(inst):
    dur = durations(inst)
    model = Model()
    factors = sorted({v.get("speed_factor", 1.0) for v in inst["vehicles"]})
    profiles = {f: model.add_profile() for f in factors}
    nodes = []  # (PyVRP location, matrix index)
    depots = {}
    depot_indexes = {v.get("start_index") for v in inst["vehicles"]} | {v.get("end_index") for v in inst["vehicles"]}
    for index in sorted(depot_indexes, key=lambda i: -1 if i is None else i):
        loc = model.add_location(x=0, y=0)
        depots[index] = model.add_depot(loc)
        nodes.append((loc, index))  # index None: the free depot of open routes
    if inst.get("shipments") or any(j.get("pickup") for j in inst["jobs"]):
        raise SystemExit("pickups and shipments are not handled by this diagnostic")
    for v in inst["vehicles"]:
        model.add_vehicle_type(
            1,
            capacity=v.get("capacity", []),
            start_depot=depots[v.get("start_index")],
            end_depot=depots[v.get("end_index")],
            tw_early=v["time_window"][0],
            tw_late=v["time_window"][1],
            profile=profiles[v.get("speed_factor", 1.0)],
            unit_distance_cost=1,
            name=str(v["id"]),
        )
    for job in inst["jobs"]:
        if job.get("service_per_type"):
            raise SystemExit("service_per_type is not handled by this diagnostic")
        windows = job.get("time_windows") or [[0, 2**40]]
        group = model.add_client_group(required=True) if len(windows) > 1 else None
        for tw in windows:
            loc = model.add_location(x=0, y=0)
            nodes.append((loc, job["location_index"]))
            model.add_client(
                loc,
                delivery=job.get("delivery", []),
                service_duration=job.get("service", 0),
                tw_early=tw[0],
                tw_late=tw[1],
                required=group is None,
                group=group,
                name=str(job["id"]),
            )
    for factor, profile in profiles.items():
        for a, ia in nodes:
            for b, ib in nodes:
                if a is not b:
                    t = 0 if ia is None or ib is None else round(dur[ia][ib] / factor)
                    model.add_edge(a, b, distance=t, duration=t, profile=profile)
    return model


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    inst = json.load(open(sys.argv[1]))
    seconds = float(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    res = build(inst).solve(stop=MaxRuntime(seconds), seed=seed, display=False)
    out = {"instance": sys.argv[1], "seconds": seconds, "seed": seed, "feasible": res.is_feasible(),
           "travel": res.cost(), "routes": res.best.num_routes()}
    if len(sys.argv) > 4:
        vroom = json.load(open(sys.argv[4]))["summary"]["duration"]
        out["vroom"] = vroom
        out["diffPercent"] = round(100 * (res.cost() - vroom) / vroom, 2)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
