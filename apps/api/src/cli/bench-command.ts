import { Command, InvalidArgumentError } from 'commander';
import { runRywBench } from './bench/ryw-bench.js';
import type { CliContext } from './context.js';

const positive = (text: string): number => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new InvalidArgumentError('expected a positive integer');
  return value;
};

/** `fleet bench`: appends/s and read-your-writes latency on a private service of the configured runtime. */
export function benchCommand(cli: CliContext): Command {
  return new Command('bench')
    .description(
      'measure command appends/s and read-your-writes latency (depot POST then GET) on a private service started on the configured runtime (a temporary data dir, or a fresh topic prefix and database)',
    )
    .option('--appends <n>', 'commands appended per throughput phase', positive, 2000)
    .option('--concurrency <n>', 'appends in flight', positive, 16)
    .option('--iterations <n>', 'POST-then-GET pairs', positive, 300)
    .action(async (options: { appends: number; concurrency: number; iterations: number }) => {
      cli.config(); // validates the environment first
      const result = await runRywBench(process.env, options);
      cli.print(`${JSON.stringify(result, null, 2)}\n`);
    });
}
