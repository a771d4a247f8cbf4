import { Command, Option } from 'commander';
import { PROFILE_NAMES, type ProfileName, type UserDoc } from '../features/users/index.js';
import { addUser, disableUser, listUsers } from '../runtime/user-admin.js';
import type { CliContext } from './context.js';
import { table } from './output.js';

const userRow = (user: UserDoc): Record<string, unknown> => ({
  id: user.id,
  email: user.email,
  profile: user.profile,
  name: user.name,
  surname: user.surname,
  disabled: user.disabled,
  last_login: user.last_login,
});

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

interface AddOptions {
  readonly email: string;
  readonly password?: string;
  readonly passwordStdin?: boolean;
  readonly profile: ProfileName;
  readonly name?: string;
  readonly surname?: string;
}

/** `fleet users add|list|disable`: user management without the HTTP API (bootstrap, recovery). */
export function usersCommand(cli: CliContext): Command {
  const users = new Command('users').description('manage users (admin, planner, viewer)');
  users
    .command('add')
    .description('create a user (fails when the e-mail is taken)')
    .requiredOption('--email <email>', 'e-mail, the login name')
    .option(
      '--password <password>',
      'password, at least 8 characters (visible to `ps`: prefer --password-stdin)',
    )
    .option('--password-stdin', 'read the password from standard input')
    .addOption(
      new Option('--profile <profile>', 'what the user may do').choices(PROFILE_NAMES).makeOptionMandatory(),
    )
    .option('--name <name>', 'first name', '')
    .option('--surname <surname>', 'last name', '')
    .action(async (options: AddOptions) => {
      const password = options.passwordStdin ? await readStdin() : options.password;
      if (password === undefined || password.length < 8) {
        throw cli.usageError(
          'a password of at least 8 characters is needed (--password or --password-stdin)',
        );
      }
      await cli.withRuntime({ decide: true }, async ({ platform }) => {
        const user = await addUser({ ...platform, actor: 'cli' }, { ...options, password });
        cli.print(`created user ${user.id} <${user.email}> (${user.profile})\n`);
      });
    });
  users
    .command('list')
    .description('list every user, disabled ones included')
    .option('--json', 'print JSON')
    .action(async (options: { readonly json?: boolean }) => {
      await cli.withRuntime({ decide: true }, async ({ platform }) => {
        const rows = (await listUsers(platform.readModels)).map(userRow);
        cli.print(
          options.json
            ? `${JSON.stringify(rows, null, 2)}\n`
            : table(rows, ['id', 'email', 'profile', 'name', 'surname', 'disabled', 'last_login']),
        );
      });
    });
  users
    .command('disable')
    .description('disable a user: it can no longer log in and its tokens stop working')
    .argument('<email>', "the user's e-mail")
    .action(async (email: string) => {
      await cli.withRuntime({ decide: true }, async ({ platform }) => {
        const user = await disableUser({ ...platform, actor: 'cli' }, email);
        cli.print(`disabled user ${user.id} <${user.email}>\n`);
      });
    });
  return users;
}
