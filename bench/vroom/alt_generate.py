"""A second generator of rich VROOM-format instances, written apart from bench/src/rich/generate.ts and unlike it.

Usage: python3 bench/vroom/alt_generate.py OUTDIR COUNT SEED   (standard library only)

Each instance draws: 100 to 1000 jobs; an urban (6 to 15 km, 5.5 to 8.5 m/s) or regional (25 to 50 km, 11 to
16 m/s) area on a plane; jobs uniform, in 3 to 8 Gaussian clusters, or half and half; 1 to 3 depots; travel =
straight line x a detour factor (1.2 to 1.45) / speed + 30 s per leg; one to three vehicle types (van, truck,
bike) with per-type service times on half the jobs; deliveries [kg, liters], large ones on 40 % of the instances
(the fleet's capacity then binds); one window on some jobs, two (morning and afternoon) on others; priorities on
40 % of the instances; 5 to 60 vehicles from 0.6 to 1.4 times a rough estimate of the need; shifts of 6 to 10 h
starting 06:00 to 12:00; a speed factor on half the vehicles; one break of 30 to 60 min per vehicle, with one
3-hour window or two 1-hour windows. It prints one line per instance (its drawn style).
Session 18 wrote it to test the solver on instances it was never tuned on (docs/benchmarks.md).
"""
import json, math, random, sys, os
out, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
os.makedirs(out, exist_ok=True)
H = 3600
for k in range(count):
    r = random.Random(seed * 1000 + k)
    n = r.randint(100, 1000)
    style = r.choice(['uniform', 'clustered', 'mixed'])
    regional = r.random() < 0.35
    R = r.uniform(25000, 50000) if regional else r.uniform(6000, 15000)
    speed = r.uniform(11, 16) if regional else r.uniform(5.5, 8.5)  # m/s
    ndep = r.choice([1, 1, 1, 2, 3])
    deps = [(r.uniform(-0.5, 0.5) * R, r.uniform(-0.5, 0.5) * R) for _ in range(ndep)]
    pts = []
    centers = [(r.uniform(-0.8, 0.8) * R, r.uniform(-0.8, 0.8) * R, r.uniform(0.05, 0.2) * R) for _ in range(r.randint(3, 8))]
    for i in range(n):
        if style == 'uniform' or (style == 'mixed' and r.random() < 0.5):
            a = r.uniform(0, 2 * math.pi); d = R * math.sqrt(r.random())
            pts.append((d * math.cos(a), d * math.sin(a)))
        else:
            cx, cy, s = r.choice(centers)
            pts.append((r.gauss(cx, s), r.gauss(cy, s)))
    locs = deps + pts
    L = len(locs)
    detour = r.uniform(1.2, 1.45)
    dist = [[0] * L for _ in range(L)]
    dur = [[0] * L for _ in range(L)]
    for a in range(L):
        for b in range(L):
            if a != b:
                e = math.sqrt((locs[a][0] - locs[b][0]) ** 2 + (locs[a][1] - locs[b][1]) ** 2) * detour
                dist[a][b] = int(round(e))
                dur[a][b] = int(round(e / speed + 30))
    ntypes = r.choice([1, 2, 3])
    types = [
        {'name': 'van', 'cap': [1000, 8000], 'svc': 1.0},
        {'name': 'truck', 'cap': [4000, 30000], 'svc': 1.4},
        {'name': 'bike', 'cap': [200, 1200], 'svc': 0.7},
    ][:ntypes]
    binding = r.random() < 0.4
    jobs = []
    twshare = r.uniform(0.3, 0.7)
    base_day = 7 * H
    for i in range(n):
        w = r.randint(5, 120) if not binding else r.randint(40, 350)
        v = r.randint(20, 900) if not binding else r.randint(300, 2500)
        svc = r.choice([120, 180, 300, 420, 600, 900])
        j = {'id': 1000 + i, 'location_index': ndep + i, 'service': svc, 'delivery': [w, v]}
        if ntypes > 1 and r.random() < 0.5:
            j['service_per_type'] = {t['name']: int(svc * t['svc']) for t in types}
        if r.random() < twshare:
            if r.random() < 0.3:
                s1 = r.randint(8, 10) * H; s2 = r.randint(13, 15) * H
                j['time_windows'] = [[s1, s1 + r.choice([1, 2]) * H], [s2, s2 + r.choice([1, 2, 3]) * H]]
            else:
                s = r.randint(8 * 4, 16 * 4) * 900
                j['time_windows'] = [[s, s + r.choice([3600, 5400, 7200, 10800, 14400])]]
        jobs.append(j)
    if r.random() < 0.4:
        for j in jobs:
            if r.random() < 0.2:
                j['priority'] = r.choice([1, 5, 10, 20, 50, 100])
    # fleet estimate: total work time / shift length, and capacity
    avg_leg = sum(dur[0][b] for b in range(ndep, L)) / n
    work = sum(j['service'] for j in jobs) + n * min(avg_leg, 900) * 0.6
    needed = max(work / (8 * H), sum(j['delivery'][0] for j in jobs) / types[0]['cap'][0] * 1.1)
    factor = r.choice([0.6, 0.8, 1.0, 1.2, 1.4])
    nveh = max(5, min(60, int(round(needed * factor))))
    vehicles = []
    for m in range(nveh):
        t = types[0] if ntypes == 1 else r.choices(types, weights=[0.6, 0.25, 0.15][:ntypes])[0]
        d = r.randrange(ndep)
        start = r.choice([6, 7, 7, 8, 8, 8, 9, 10, 12]) * H
        length = r.choice([6, 8, 8, 9, 10]) * H
        v = {'id': m + 1, 'start_index': d, 'end_index': d, 'capacity': list(t['cap']), 'type': t['name'],
             'time_window': [start, start + length]}
        if r.random() < 0.5:
            v['speed_factor'] = round(r.uniform(0.8, 1.2), 2)
        mid = start + length // 2
        if r.random() < 0.25:
            bw = [[mid - 2 * H, mid - H], [mid, mid + H]]
        else:
            bw = [[mid - 2 * H, mid + H]]
        v['breaks'] = [{'id': m + 1, 'time_windows': bw, 'service': r.choice([1800, 2700, 3600])}]
        vehicles.append(v)
    inst = {'vehicles': vehicles, 'jobs': jobs, 'matrices': {'car': {'durations': dur, 'distances': dist}}}
    name = f'alt-s{seed}-{k:03d}'
    json.dump(inst, open(f'{out}/{name}.json', 'w'))
    print(name, n, 'jobs', nveh, 'veh', style, 'regional' if regional else 'urban', 'binding' if binding else '', 'factor', factor, 'types', ntypes, 'deps', ndep, 'prio' if any('priority' in j for j in jobs) else '')
