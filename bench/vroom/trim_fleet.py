"""Makes a VROOM-format instance short of time but not of capacity: drops vehicles from the end of its list.

Usage: python3 bench/vroom/trim_fleet.py IN_DIR OUT_DIR [MAX_RATIO]   (standard library only)

For each `*.json` of IN_DIR whose fleet can carry every delivery (largest summed demand / summed capacity over
the capacity dimensions below MAX_RATIO, default 0.9), the last vehicle is dropped while at least half of the
vehicles remain and the ratio of those left stays within MAX_RATIO. Session 67 wrote it: the generators rarely
make fleets short of time alone (3 of 8 in one set, none of 9 complete fleets in another), and the time admission
(libs/solver/src/search/timeAdmission.ts) needed fleets it was not designed on. Writes OUT_DIR/tshort-NAME and
prints one line per instance written: jobs, vehicles before and after, the ratio left.
"""
import json, os, sys

src, out = sys.argv[1], sys.argv[2]
max_ratio = float(sys.argv[3]) if len(sys.argv) > 3 else 0.9
os.makedirs(out, exist_ok=True)


def ratio(vehicles, demand):
    K = len(demand)
    cap = [sum(v.get("capacity", [0] * K)[k] for v in vehicles) for k in range(K)]
    return max((demand[k] / cap[k]) if cap[k] > 0 else float("inf") for k in range(K)) if K else 0.0


for name in sorted(os.listdir(src)):
    if not name.endswith(".json"):
        continue
    with open(os.path.join(src, name)) as f:
        inst = json.load(f)
    vehicles, jobs = inst["vehicles"], inst["jobs"]
    K = len(vehicles[0].get("capacity", []))
    demand = [sum(j.get("delivery", [0] * K)[k] for j in jobs) for k in range(K)]
    if ratio(vehicles, demand) >= max_ratio:
        continue
    keep = list(vehicles)
    while len(keep) - 1 >= (len(vehicles) + 1) // 2 and ratio(keep[:-1], demand) <= max_ratio:
        keep = keep[:-1]
    inst["vehicles"] = keep
    stem = name[len("rich-"):] if name.startswith("rich-") else name
    with open(os.path.join(out, "tshort-" + stem), "w") as f:
        json.dump(inst, f)
    print(f"tshort-{stem}: {len(jobs)} jobs, {len(vehicles)} -> {len(keep)} vehicles, ratio {ratio(keep, demand):.2f}")
