import { Command } from 'commander';
import { benchCommand } from './bench-command.js';
import { configCommand } from './config-command.js';
import type { CliContext } from './context.js';
import { replayCommand } from './replay-command.js';
import { topicsCommand } from './topics-command.js';
import { usersCommand } from './users-command.js';

/** The ops CLI (`npx fleet`, `npm run -s fleet -- ...`); it reads the same environment as the service. */
export function buildProgram(cli: CliContext): Command {
  return new Command('fleet')
    .description(
      'Operate the fleet service: users, read-model replay, topics. Same environment as the service (embedded unless KAFKA_BROKERS, SCHEMA_REGISTRY_URL and MONGO_URL are set).',
    )
    .showHelpAfterError()
    .addCommand(usersCommand(cli))
    .addCommand(replayCommand(cli))
    .addCommand(topicsCommand(cli))
    .addCommand(configCommand(cli))
    .addCommand(benchCommand(cli));
}
