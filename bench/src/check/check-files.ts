import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { ValidationError } from '@fleet/core';
import { checkVroomSolution, type VroomCheckReport } from './vroom/check.js';
import { parseVroomInput, parseVroomOutput } from './vroom/parse.js';
import { checkVrpSolution, type VrpCheckReport } from './vrplib/check.js';
import { defaultRounding, parseVrpInstance } from './vrplib/parse-instance.js';
import type { Rounding } from './vrplib/rounding.js';
import { parseVrpSolution } from './vrplib/solution.js';

export type FileCheckResult =
  | { readonly kind: 'vrplib'; readonly report: VrpCheckReport; readonly ok: boolean }
  | { readonly kind: 'vroom'; readonly report: VroomCheckReport; readonly ok: boolean };

/**
 * Checks a solution file against an instance file: a `.json` instance is VROOM's input format and the solution its
 * output; anything else is a Solomon or VRPLIB instance with a VRPLIB/SINTEF solution. `ok` is what the CLI's exit
 * status says: feasible, and for VRPLIB also a stated cost that matches.
 */
export async function checkFiles(
  instancePath: string,
  solutionPath: string,
  rounding?: Rounding,
): Promise<FileCheckResult> {
  const [instanceText, solutionText] = await Promise.all([
    readFile(instancePath, 'utf8'),
    readFile(solutionPath, 'utf8'),
  ]);
  if (instancePath.endsWith('.json')) {
    const input = parseJson(instanceText, instancePath, parseVroomInput);
    const parsed = parseJson(solutionText, solutionPath, parseVroomOutput);
    const report: VroomCheckReport =
      'output' in parsed
        ? checkVroomSolution(input, parsed.output)
        : { feasible: false, violations: parsed.violations, metrics: emptyMetrics(input.jobs?.length ?? 0) };
    return { kind: 'vroom', report, ok: report.feasible };
  }
  const instance = parseVrpInstance(instanceText);
  const solution = parseVrpSolution(solutionText, basename(solutionPath));
  const report = checkVrpSolution(instance, solution, rounding ?? defaultRounding(instance));
  return { kind: 'vrplib', report, ok: report.feasible && report.costMatches };
}

function parseJson<T>(text: string, path: string, parse: (text: string) => T): T {
  try {
    return parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) throw new ValidationError(`${path} is not JSON: ${error.message}`);
    throw error;
  }
}

function emptyMetrics(jobs: number): VroomCheckReport['metrics'] {
  return {
    jobs,
    assigned: 0,
    unassigned: jobs,
    priority: 0,
    routes: 0,
    duration: 0,
    distance: 0,
    service: 0,
    setup: 0,
    waiting: 0,
    cost: 0,
    span: 0,
  };
}
