import { spawn } from 'node:child_process';
import { REPO } from './children.js';

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built ops CLI (`bin/fleet.js`) with `env` added to this process's environment. */
export function fleet(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  stdin?: string,
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${REPO}bin/fleet.js`, ...args], {
      cwd: REPO,
      env: { ...process.env, LOG_LEVEL: '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}
