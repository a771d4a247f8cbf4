import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConflictError } from '@fleet/core';
import { loadSchemaSet } from '@fleet/schemas';
import { createEmbeddedEventLog } from './index.js';
import { contractSchemaDir, readAll } from './contract.js';

const CHILD = fileURLToPath(new URL('../test-fixtures/crash-child.mjs', import.meta.url));
const BUILT = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const schemas = loadSchemaSet(contractSchemaDir());

interface Round {
  readonly acks: [partition: number, offset: number, seq: number][];
  readonly conflict: unknown;
}

/** Runs the child until it acknowledged appends for `runMs`, then SIGKILLs it. */
function runAndKill(dir: string, round: number, runMs: number, probe: boolean): Promise<Round> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, dir, String(round)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let conflict: unknown;
    child.stdout.on('data', (chunk: Buffer) => {
      const before = out;
      out += chunk.toString('utf8');
      if (!before.includes('ready\n') && out.includes('ready\n')) {
        void (async () => {
          if (probe)
            conflict = await createEmbeddedEventLog({ dir, schemas }).then(
              (l) => l.close(),
              (e: unknown) => e,
            );
          setTimeout(() => child.kill('SIGKILL'), runMs);
        })();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL') {
        reject(new Error(`child ended with ${code ?? signal}, not SIGKILL: ${err}`));
        return;
      }
      const lines = out.split('\n').slice(0, -1); // the last piece may be cut by the kill
      const acks = lines.filter((l) => l.startsWith('[')).flatMap((l) => JSON.parse(l) as Round['acks']);
      resolve({ acks, conflict });
    });
  });
}

describe('embedded event log: crash safety', () => {
  let dir: string;
  beforeAll(() => {
    if (!existsSync(BUILT))
      throw new Error(`${BUILT} is missing: the crash child runs the built code, run npx tsc -b first`);
    dir = mkdtempSync(join(tmpdir(), 'fleet-eventlog-crash-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every acknowledged append across kill -9 at random points', async () => {
    const acked = new Map<string, number>();
    for (let round = 1; round <= 4; round++) {
      const runMs = 150 + Math.floor(Math.random() * 600);
      const { acks, conflict } = await runAndKill(dir, round, runMs, round === 1);
      if (round === 1) expect(conflict).toBeInstanceOf(ConflictError); // the child owns the dir
      expect(acks.length).toBeGreaterThan(0);
      for (const [partition, offset, seq] of acks) acked.set(`${partition}/${offset}`, seq);

      const log = await createEmbeddedEventLog({ dir, schemas });
      try {
        const records = await readAll(log, 'crash');
        const stored = new Map(records.map((r) => [`${r.partition}/${r.offset}`, r.value['seq']]));
        const missing = [...acked].filter(([position, seq]) => stored.get(position) !== seq);
        expect({ round, runMs, missing }).toEqual({ round, runMs, missing: [] });
        const ends = await log.endOffsets('crash');
        for (const { partition, end } of ends) {
          const offsets = records.filter((r) => r.partition === partition).map((r) => r.offset);
          expect(offsets).toEqual(Array.from({ length: end }, (_, i) => i));
        }
      } finally {
        await log.close();
      }
    }
    expect(acked.size).toBeGreaterThan(20);
  }, 60_000);

  it('refuses a second open of a dir in the same process, clearly', async () => {
    const own = mkdtempSync(join(tmpdir(), 'fleet-eventlog-twice-'));
    try {
      const first = await createEmbeddedEventLog({ dir: own, schemas });
      const error = await createEmbeddedEventLog({ dir: own, schemas }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConflictError);
      expect((error as Error).message).toContain(own);
      await first.close();
      const again = await createEmbeddedEventLog({ dir: own, schemas });
      await again.close();
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
