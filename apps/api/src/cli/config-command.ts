import { Command } from 'commander';
import { describeConfig } from '../config.js';
import type { CliContext } from './context.js';
import { table } from './output.js';

const SECRETS = new Set(['FLEET_ADMIN_PASSWORD', 'FLEET_JWT_SECRET']);

/** `fleet config`: the variables, their defaults and the values this environment gives (secrets hidden). */
export function configCommand(cli: CliContext): Command {
  return new Command('config')
    .description(
      'show the configuration variables, their defaults and the effective runtime (validates them)',
    )
    .action(() => {
      const config = cli.config();
      const rows = describeConfig().map(({ name, defaultValue, description }) => {
        const raw = process.env[name];
        const value = raw === undefined || raw === '' ? '' : SECRETS.has(name) ? '(set)' : raw;
        return { name, value, default: defaultValue ?? '', description };
      });
      cli.print(table(rows, ['name', 'value', 'default', 'description']));
      cli.print(`\nruntime: ${config.runtime.kind}; data dir: ${config.dataDir}\n`);
    });
}
