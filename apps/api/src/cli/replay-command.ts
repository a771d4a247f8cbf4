import { Presets, SingleBar } from 'cli-progress';
import { Command } from 'commander';
import { rebuildReadModels } from '../platform/replay.js';
import { activeGroupMembers } from '../runtime/kafka-groups.js';
import type { CliContext } from './context.js';

/** `fleet replay`: drops every read model and rebuilds it from the event log. */
export function replayCommand(cli: CliContext): Command {
  return new Command('replay')
    .description(
      'drop every read model and rebuild it from fleet.events (stop the projectors first: the embedded service, or every `start:api` of the distributed runtime)',
    )
    .option('--force', 'distributed runtime: replay even though projector instances seem to run')
    .action(async (options: { readonly force?: boolean }) => {
      const config = cli.config();
      await cli.withRuntime({ decide: false }, async ({ log, store, platform }) => {
        if (config.runtime.kind === 'distributed' && !options.force) {
          const members = await activeGroupMembers(config, platform.names.projectorGroup);
          if (members > 0) {
            throw cli.usageError(
              `${members} projector instance(s) of group ${platform.names.projectorGroup} are running: stop them first (or pass --force)`,
            );
          }
        }
        const bar = new SingleBar(
          {
            stream: process.stderr,
            format: 'replay [{bar}] {percentage}% | {value}/{total} events | {duration_formatted}',
            noTTYOutput: true,
            notTTYSchedule: 2000,
            etaBuffer: 1000,
          },
          Presets.shades_classic,
        );
        let applied = 0;
        const result = await rebuildReadModels({
          log,
          store,
          names: platform.names,
          projections: platform.projections,
          onStart: (total) => bar.start(total, 0),
          onProgress: (count) => {
            applied = count;
            if (count % 100 === 0) bar.update(count);
          },
        });
        bar.update(applied);
        bar.stop();
        cli.print(
          `replayed ${result.events} events into ${result.collections.length} collections (${result.collections.join(', ')})\n`,
        );
      });
    });
}
