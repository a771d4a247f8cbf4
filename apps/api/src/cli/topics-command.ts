import { Command } from 'commander';
import type { EventLog } from '@fleet/event-log';
import type { CliContext } from './context.js';
import { table } from './output.js';

type TopicRow = Readonly<{
  topic: string;
  partition: number;
  end: number;
  group: string;
  committed: number | null;
  lag: number | null;
}>;

async function rowsOf(log: EventLog, groupsByTopic: Readonly<Record<string, string>>): Promise<TopicRow[]> {
  const rows: TopicRow[] = [];
  for (const { name } of (await log.listTopics()).sort((a, b) => a.name.localeCompare(b.name))) {
    const group = groupsByTopic[name];
    const committed = group ? await log.committed(group, name) : {};
    for (const { partition, end } of await log.endOffsets(name)) {
      const position = committed[partition];
      rows.push({
        topic: name,
        partition,
        end,
        group: group ?? '',
        committed: group ? (position ?? 0) : null,
        lag: group ? end - (position ?? 0) : null,
      });
    }
  }
  return rows;
}

/** `fleet topics`: every topic with its partitions, end offsets, and the platform groups' positions and lag. */
export function topicsCommand(cli: CliContext): Command {
  return new Command('topics')
    .description('list topics, partitions, end offsets, and the processor / projector positions and lag')
    .option('--json', 'print JSON')
    .action(async (options: { readonly json?: boolean }) => {
      await cli.withRuntime({ decide: false }, async ({ log, platform }) => {
        const { names } = platform;
        const rows = await rowsOf(log, { [names.commands]: names.processorGroup, [names.events]: names.projectorGroup });
        cli.print(
          options.json
            ? `${JSON.stringify(rows, null, 2)}\n`
            : table(rows, ['topic', 'partition', 'end', 'group', 'committed', 'lag']),
        );
      });
    });
}
