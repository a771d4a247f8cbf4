"""Solve a VROOM JSON input with pyvroom and write VROOM's JSON output.

Usage: python solve.py INSTANCE [--exploration 5] [--threads 2] [--timeout SECONDS] --out FILE

Run with the venv that bench/vroom/setup.sh prints. The output is VROOM's own JSON (the library's
to_dict), with distances reported when the input has distance matrices, as the vroom binary does.
Prints one line to stderr: the solve wall time in seconds.
"""

import argparse
import json
import sys
import time
from datetime import timedelta

import vroom


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("instance")
    parser.add_argument("--exploration", type=int, default=5)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=None)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()

    with open(args.instance, encoding="utf-8") as handle:
        raw = json.load(handle)
    problem = vroom.Input.from_json(args.instance)
    # from_json loads the matrices but does not flag distances for the output; setting them
    # again through the public setter does, so routes and steps carry `distance`.
    for profile, matrices in (raw.get("matrices") or {}).items():
        if "distances" in matrices:
            problem.set_distances_matrix(profile=profile, matrix_input=matrices["distances"])

    started = time.perf_counter()
    timeout = None if args.timeout is None else timedelta(seconds=args.timeout)
    solution = problem.solve(exploration_level=args.exploration, nb_threads=args.threads, timeout=timeout)
    elapsed = time.perf_counter() - started

    with open(args.out, "w", encoding="utf-8") as handle:
        json.dump(solution.to_dict(), handle)
    print(f"solved in {elapsed:.3f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
