import { spawn } from 'node:child_process';
import { UnavailableError } from '@fleet/core';

export interface ProcessResult {
  readonly code: number | null;
  readonly seconds: number;
  /** The last lines of stderr, for error messages. */
  readonly stderrTail: string;
}

/** Runs a command to its end (stdout discarded, stderr kept short) and measures its wall time. */
export function runProcess(command: string, args: readonly string[], cwd: string): Promise<ProcessResult> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      resolve({ code, seconds, stderrTail: stderr.trim().split('\n').slice(-5).join('\n') });
    });
  });
}

/** Runs a command and returns its stdout (for setup scripts that print a path). */
export function captureOutput(command: string, args: readonly string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(stdout.trim())
        : reject(new UnavailableError(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}
