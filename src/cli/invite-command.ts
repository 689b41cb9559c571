// `causeway invite plan.yaml PARTICIPANT_ID` / `--observer`: prints a link into the group session
// that `causeway open plan.yaml` runs on this machine, asked of that process through a socket only
// this user can reach. The link carries a one-time code: the person's browser exchanges it for a
// secret of its own, so the printed link is worthless once used.
import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs, UsageError } from './args';
import { askForInvite } from './invite-socket';
import type { CommandIO } from './io';
import { runningServers } from './other-servers';

export const INVITE_HELP = `Usage: causeway invite FILE PARTICIPANT_ID [--name NAME]
       causeway invite FILE --observer

Prints a link into the group session that "causeway open FILE" is running on
this machine: for PARTICIPANT_ID, one of the file's participants (their edits
are credited to them, they endorse as themselves), or with --observer, for
someone who follows the session without changing anything.

  --name NAME   PARTICIPANT_ID is someone new: add them to the file's
                participants with NAME as their display name, then invite
                them. Ignored for someone the file already names.

Each link lets one browser in, once; the driver sees it in the People panel
and can revoke it there, which disconnects that person at once.

Exit status: 0 when the link is printed, 1 when no session runs on the file
or the session refuses (for example an id the file does not name, without
--name), 2 for a usage error.`;

export async function inviteCommand(argv: readonly string[], io: CommandIO): Promise<number> {
  const args = parseArgs(argv, { withValue: ['--name'], switches: ['--observer', '--help'] });
  if (args.switches.has('--help')) {
    io.out(INVITE_HELP);
    return 0;
  }
  const observer = args.switches.has('--observer');
  const [file, participant, ...rest] = args.positional;
  if (!file) throw new UsageError('name the working file the session runs on');
  if (rest.length > 0 || (observer && participant) || (!observer && !participant)) throw new UsageError('name one participant id, or --observer');
  const name = args.values.get('--name')?.trim();
  if (name !== undefined && (observer || name === '')) throw new UsageError(observer ? '--name is for a participant, not an observer' : '--name needs the participant\'s display name');
  const real = await realpath(resolve(file)).catch(() => undefined);
  if (!real) {
    io.err(`causeway invite: ${file} does not exist.`);
    return 1;
  }
  const session = (await runningServers()).find((entry) => entry.kind === 'file' && entry.path === real);
  if (!session) {
    io.err(`causeway invite: no group session runs on ${file} on this machine. Start one with: causeway open ${file}`);
    return 1;
  }
  const reply = await askForInvite(session.pid, observer ? { role: 'observer' } : { role: 'participant', participant: participant!.trim(), ...(name ? { name } : {}) });
  if (!reply.ok) {
    io.err(`causeway invite: ${reply.message}`);
    return 1;
  }
  if (reply.added) io.err(`causeway invite: ${participant!.trim()} (${name}) is now among the participants of ${file}.`);
  io.out(reply.link);
  return 0;
}
