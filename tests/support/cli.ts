import { spawn } from 'node:child_process';
import { REPO } from './children.js';

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Longest a CLI run may take in a test (a normal one ends within seconds): past it the child is killed and the
 * test fails naming the command and what it printed, instead of hanging until the test's own timeout with no
 * clue which step stalled.
 */
export const CLI_TIMEOUT_MS = 90_000;

/** Runs the built ops CLI (`bin/fleet.js`) with `env` added to this process's environment. */
export function fleet(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  stdin?: string,
  timeoutMs = CLI_TIMEOUT_MS,
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${REPO}bin/fleet.js`, ...args], {
      cwd: REPO,
      env: { ...process.env, LOG_LEVEL: '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `fleet ${args.join(' ')} did not end within ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`,
        ),
      );
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(stdin ?? '');
  });
}
