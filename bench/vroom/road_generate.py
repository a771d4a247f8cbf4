"""A third generator of rich VROOM-format instances: road-like matrices, shared sites, open routes.

Usage: python3 bench/vroom/road_generate.py OUTDIR COUNT SEED [MIN_JOBS MAX_JOBS]   (standard library only)

Session 30 wrote it because neither earlier generator (bench/src/rich/generate.ts, bench/vroom/alt_generate.py)
makes what a road router such as OSRM gives a VROOM user:
- asymmetric matrices: every ordered pair has its own detour (+-10 %); arriving at a site costs its own access
  time (0 to 120 s: parking, finding the door) and leaving it its own egress time (0 to 30 s); legs towards the
  centre are slower than the same legs outwards (up to 12 %);
- durations not proportional to distances: a leg's speed grows with its length (city streets for short hops,
  ring roads for long ones), and its length mixes the Manhattan and straight-line distances;
- several jobs at one site (a location index shared by 5 to 25 % of the jobs: offices, malls), travel 0 between them;
- vehicles that do not come back (no `end_index`) or end at the other depot;
- half of the files without any coordinates (only matrix indexes), as when a user sends a precomputed matrix.
The rest is the issue's list: 100 to 1000 jobs, 5 to 60 vehicles, two capacities (kg, litres), one or two windows
on 30 to 70 % of the jobs, shifts of 7 to 10 h, one break of 30 to 60 min per vehicle, per-type service times on
half the jobs, priorities on 40 % of the instances, a fleet of 0.6 to 1.4 times a rough estimate of the need.
It prints one line per instance (its drawn style).
"""
import json, math, random, sys, os

out, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
min_jobs = int(sys.argv[4]) if len(sys.argv) > 4 else 100
max_jobs = int(sys.argv[5]) if len(sys.argv) > 5 else 1000
os.makedirs(out, exist_ok=True)
H = 3600
LAT0, LON0 = 44.84, -0.58  # planar metres around a city centre, written as [lon, lat]
M_PER_DEG_LAT = 111320.0
M_PER_DEG_LON = M_PER_DEG_LAT * math.cos(math.radians(LAT0))

for k in range(count):
    r = random.Random(seed * 7919 + k)
    n = r.randint(min_jobs, max_jobs)
    R = r.uniform(5000, 20000)
    shared = r.uniform(0.05, 0.25)
    # Sites: some uniform in the disc, the others around 2 to 6 centres.
    centres = [(r.uniform(-0.7, 0.7) * R, r.uniform(-0.7, 0.7) * R, r.uniform(0.05, 0.2) * R) for _ in range(r.randint(2, 6))]
    uniform_share = r.uniform(0.2, 0.6)

    def site():
        if r.random() < uniform_share:
            a = r.uniform(0, 2 * math.pi); d = R * math.sqrt(r.random())
            return (d * math.cos(a), d * math.sin(a))
        cx, cy, s = r.choice(centres)
        return (r.gauss(cx, s), r.gauss(cy, s))

    ndep = r.choice([1, 1, 2])
    depots = []
    for _ in range(ndep):  # warehouses towards the edge of town
        a = r.uniform(0, 2 * math.pi); d = R * r.uniform(0.5, 1.0)
        depots.append((d * math.cos(a), d * math.sin(a)))
    sites = list(depots)
    job_site = []
    for i in range(n):
        if i > 0 and r.random() < shared:
            job_site.append(r.choice(job_site))
        else:
            sites.append(site())
            job_site.append(len(sites) - 1)
    L = len(sites)
    # Road model.
    manhattan = r.uniform(0.3, 0.8)
    detour = r.uniform(1.1, 1.3)
    v_city, v_fast, d0 = r.uniform(4.0, 6.5), r.uniform(12.0, 18.0), r.uniform(3000, 8000)
    congestion = r.uniform(0.0, 0.12)
    access = [0 if s < ndep else r.randint(0, 120) for s in range(L)]
    egress = [0 if s < ndep else r.randint(0, 30) for s in range(L)]
    walk = [0 if s < ndep else r.randint(0, 300) for s in range(L)]
    radius = [math.hypot(x, y) for x, y in sites]
    dist = [[0] * L for _ in range(L)]
    dur = [[0] * L for _ in range(L)]
    for a in range(L):
        ax, ay = sites[a]
        da, ta = dist[a], dur[a]
        for b in range(L):
            if a == b:
                continue
            bx, by = sites[b]
            dx, dy = abs(ax - bx), abs(ay - by)
            base = detour * (manhattan * (dx + dy) + (1 - manhattan) * math.sqrt(dx * dx + dy * dy))
            noise = 1 + r.uniform(-0.1, 0.1)
            length = base * noise
            speed = v_city + (v_fast - v_city) * length / (length + d0)
            inward = 1 + congestion * max(-1.0, min(1.0, (radius[a] - radius[b]) / R))
            da[b] = int(round(length + walk[b]))
            ta[b] = int(round(length / speed * inward * (1 + r.uniform(-0.05, 0.05)) + access[b] + egress[a]))
    ntypes = r.choice([1, 2, 3])
    types = [
        {'name': 'van', 'cap': [800, 6000], 'svc': 1.0},
        {'name': 'truck', 'cap': [3500, 25000], 'svc': 1.3},
        {'name': 'cargo_bike', 'cap': [150, 900], 'svc': 0.8},
    ][:ntypes]
    heavy = r.random() < 0.35
    twshare = r.uniform(0.3, 0.7)
    jobs = []
    for i in range(n):
        w = r.randint(2, 80) if not heavy else r.randint(30, 300)
        vol = r.randint(10, 600) if not heavy else r.randint(200, 2000)
        svc = r.choice([60, 120, 180, 240, 300, 450, 600])
        j = {'id': 1 + i, 'location_index': job_site[i], 'service': svc, 'delivery': [w, vol]}
        if ntypes > 1 and r.random() < 0.5:
            j['service_per_type'] = {t['name']: int(svc * t['svc']) for t in types}
        if r.random() < twshare:
            if r.random() < 0.3:
                s1 = r.randint(8 * 2, 10 * 2) * 1800; s2 = r.randint(13 * 2, 16 * 2) * 1800
                j['time_windows'] = [[s1, s1 + r.choice([1, 2]) * H], [s2, s2 + r.choice([1, 2]) * H]]
            else:
                s = r.randint(8 * 4, 16 * 4) * 900
                j['time_windows'] = [[s, s + r.choice([3600, 5400, 7200, 10800])]]
        jobs.append(j)
    if r.random() < 0.4:
        for j in jobs:
            if r.random() < 0.2:
                j['priority'] = r.choice([5, 10, 30, 100])
    # Fleet estimate: service plus nearest-site travel x 1.3, plus depot legs, against a shift's working time;
    # and the load against a van's payload.
    nearest = []
    for s in set(job_site):
        row = dur[s]
        nearest.append(min(row[b] for b in range(ndep, L) if b != s) if L - ndep > 1 else 0)
    work = sum(j['service'] for j in jobs) + 1.3 * sum(nearest) * n / max(len(nearest), 1)
    depot_leg = sum(dur[0][b] + dur[b][0] for b in range(ndep, L)) / max(L - ndep, 1)
    shift = 8.5 * H - 2700
    needed = max(work / (shift - depot_leg), sum(j['delivery'][0] for j in jobs) / types[0]['cap'][0] * 1.1)
    factor = r.choice([0.6, 0.8, 1.0, 1.2, 1.4])
    nveh = max(5, min(60, int(round(needed * factor))))
    open_share = r.choice([0.0, 0.0, 0.3])
    vehicles = []
    for m in range(nveh):
        t = types[0] if ntypes == 1 else r.choices(types, weights=[0.6, 0.25, 0.15][:ntypes])[0]
        d = r.randrange(ndep)
        start = r.choice([6, 7, 7, 8, 8, 8, 9]) * H + r.choice([0, 1800])
        length = r.choice([7, 8, 8, 9, 10]) * H
        v = {'id': m + 1, 'type': t['name'], 'start_index': d, 'capacity': list(t['cap']),
             'time_window': [start, start + length]}
        u = r.random()
        if u >= open_share:
            v['end_index'] = (d + 1) % ndep if ndep > 1 and r.random() < 0.15 else d
        if r.random() < 0.4:
            v['speed_factor'] = round(r.uniform(0.85, 1.15), 2)
        mid = start + length // 2
        half = r.choice([1, 1.5]) * H
        v['breaks'] = [{'id': m + 1, 'time_windows': [[int(mid - half), int(mid + half)]], 'service': r.choice([1800, 2700, 3600])}]
        vehicles.append(v)
    with_coords = r.random() < 0.5
    if with_coords:
        def lonlat(s):
            x, y = sites[s]
            return [round(LON0 + x / M_PER_DEG_LON, 6), round(LAT0 + y / M_PER_DEG_LAT, 6)]
        for j in jobs:
            j['location'] = lonlat(j['location_index'])
        for v in vehicles:
            v['start'] = lonlat(v['start_index'])
            if 'end_index' in v:
                v['end'] = lonlat(v['end_index'])
    inst = {'vehicles': vehicles, 'jobs': jobs, 'matrices': {'car': {'durations': dur, 'distances': dist}}}
    name = f'road-s{seed}-{k:03d}'
    with open(f'{out}/{name}.json', 'w') as f:
        json.dump(inst, f)
    print(name, n, 'jobs', L - ndep, 'sites', nveh, 'veh', 'factor', factor, 'types', ntypes, 'deps', ndep,
          'heavy' if heavy else '', 'open %.0f%%' % (100 * open_share), 'coords' if with_coords else 'no-coords',
          'prio' if any('priority' in j for j in jobs) else '')
