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

async function rowsOf(
  log: EventLog,
  groupsByTopic: Readonly<Record<string, string>>,
  shown: (topic: string) => boolean,
): Promise<TopicRow[]> {
  const rows: TopicRow[] = [];
  const topics = (await log.listTopics())
    .filter(({ name }) => shown(name))
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const { name } of topics) {
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
    .description(
      "list the service's topics (`<FLEET_TOPIC_PREFIX>fleet.*`), partitions, end offsets, and the processor / projector positions and lag",
    )
    .option('--all', 'list every topic of the cluster')
    .option('--json', 'print JSON')
    .action(async (options: { readonly json?: boolean; readonly all?: boolean }) => {
      const prefix = `${cli.config().topicPrefix}fleet.`;
      await cli.withRuntime({ decide: false }, async ({ log, platform }) => {
        const { names } = platform;
        const groups = { [names.commands]: names.processorGroup, [names.events]: names.projectorGroup };
        const rows = await rowsOf(log, groups, (topic) => options.all === true || topic.startsWith(prefix));
        cli.print(
          options.json
            ? `${JSON.stringify(rows, null, 2)}\n`
            : table(rows, ['topic', 'partition', 'end', 'group', 'committed', 'lag']),
        );
      });
    });
}
