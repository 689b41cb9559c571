// One editor page connected over the live channel: it is told what the file holds, writes
// through compare-and-swap, records snapshots, and hears of every change made elsewhere.
import type { WebSocket } from 'ws';
import { MAX_FILE_BYTES } from '../format';
import { encodeMessage, parseClientMessage, PROTOCOL_VERSION, type ClientMessage, type ServerMessage } from '../protocol/workspace-protocol';
import type { Grant } from './access';
import type { GroupSession } from './group-session';
import type { Workspace } from './workspace';
import type { FileListener, WatchedFile } from './watched-file';
import { ArrangementSession } from './shared-arrangement';

/** `grant`: who this page is, as the server decided from its secret. */
export function startLiveSession(socket: WebSocket, workspace: Workspace, grant: Grant, group?: GroupSession): void {
  let file: WatchedFile | undefined;
  let stopListening: (() => void) | undefined;
  /** News that came while the welcome was being read: sent after it, in order. */
  let early: ServerMessage[] | undefined;
  const send = (message: ServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(encodeMessage(message));
  };
  const tell = (message: ServerMessage) => (early ? early.push(message) : send(message));
  // Where the cards sit, shared with every page on the file (`.NAME/layout.json`).
  const arrangement = new ArrangementSession(send);
  /** This page, as the leader of the group session's presentation. */
  const presenter = {};

  const listener: FileListener = {
    disk: (disk, cause) => tell({ type: 'disk', disk, cause }),
    history: (state) => tell({ type: 'history', ...state }),
    turns: (turns) => tell({ type: 'turns', turns }),
  };

  const attach = async (next: WatchedFile) => {
    detach();
    file = next;
    early = [];
    stopListening = next.listen(listener);
    // Read afresh: the file may have changed while no page was connected.
    const [disk, history, turns] = await Promise.all([next.fresh(listener), next.freshHistory(), next.turns(), arrangement.attach(next)]);
    if (file !== next) return;
    send({ type: 'welcome', protocol: PROTOCOL_VERSION, mode: 'file', file: next.info, disk, ...history });
    send({ type: 'turns', turns });
    const news = early;
    early = undefined;
    for (const message of news) send(message);
  };
  const detach = () => {
    stopListening?.();
    stopListening = undefined;
    file = undefined;
    early = undefined;
    arrangement.detach();
  };
  const sendListing = async () => {
    if (workspace.kind !== 'folder') return;
    const files = (await workspace.list()).map(({ id, name, title, problem, refused }) => ({ id, name, ...(title ? { title } : {}), ...(problem ? { problem } : {}), ...(refused ? { refused } : {}) }));
    send({ type: 'welcome', protocol: PROTOCOL_VERSION, mode: 'folder', folder: workspace.folder, files });
  };

  const handle = async (message: ClientMessage) => {
    switch (message.type) {
      case 'write': {
        if (!file) return send({ type: 'refused', message: 'No file is open in this window.' });
        // Invited people edit through the group session, where the server credits each edit.
        if (grant.role !== 'driver') return send({ type: 'write-result', request: message.request, outcome: 'failed', reason: grant.role === 'observer' ? 'you are following this session as an observer' : 'invited people edit through the group session' });
        if (Buffer.byteLength(message.text, 'utf8') > MAX_FILE_BYTES) {
          return send({ type: 'write-result', request: message.request, outcome: 'failed', reason: 'the text is larger than a working file may be' });
        }
        const outcome = await file.write(message.baseVersion, message.text, { overwriteProblem: message.overwriteProblem, except: listener });
        return send({ type: 'write-result', request: message.request, ...outcome });
      }
      case 'snapshot': {
        if (!file) return send({ type: 'refused', message: 'No file is open in this window.' });
        if (grant.role !== 'driver') return send({ type: 'snapshot-result', request: message.request, ok: false, message: 'Nothing was recorded: only the driver records snapshots.' });
        const outcome = await file.snapshot(message.version, message.summary);
        return send({ type: 'snapshot-result', request: message.request, ...outcome });
      }
      case 'choose': {
        if (workspace.kind !== 'folder') return send({ type: 'refused', message: 'This server edits one file; there is nothing to choose.' });
        const chosen = await workspace.choose(message.id);
        if (!chosen.ok) return send({ type: 'refused', message: chosen.reason });
        return attach(chosen.file);
      }
      case 'invite': {
        if (grant.role !== 'driver' || !group) return send({ type: 'invite-result', request: message.request, ok: false, message: group ? 'Only the driver invites people.' : 'Invites are for one file: open the file itself to invite people.' });
        const answer = await group.invite(message.invite);
        return send(answer.ok ? { type: 'invite-result', request: message.request, ok: true, link: answer.link } : { type: 'invite-result', request: message.request, ok: false, message: answer.message });
      }
      case 'revoke-invite':
        if (grant.role !== 'driver' || !group) return send({ type: 'refused', message: 'Only the driver revokes invites.' });
        group.revoke(message.invite);
        return;
      case 'present':
        // Only the driver leads; whatever an invited page sends, the shared presentation stays as it is.
        if (grant.role !== 'driver' || !group) return send({ type: 'refused', message: group ? 'Only the driver leads a presentation in a group session.' : 'A presentation is shared in a group session: open the file itself to invite people.' });
        group.present(message.presenting, presenter);
        return;
      case 'settle-group':
        // Only the driver settles the group's conflicts with the file on disk.
        if (grant.role !== 'driver' || !group) return send({ type: 'refused', message: group ? 'Only the driver settles conflicts with the file.' : 'There is no group session on this file.' });
        await group.settle(message.conflict, message.side);
        return;
      case 'list':
        if (workspace.kind !== 'folder') return send({ type: 'refused', message: 'This server edits one file; there is no folder to list.' });
        detach();
        return sendListing();
      case 'arrange':
        if (!(await arrangement.arrange(message))) send({ type: 'refused', message: 'No file is open in this window.' });
        return;
    }
  };

  // Messages are handled in order, one at a time, so a write's answer never overtakes another's.
  let queue = Promise.resolve();
  socket.on('message', (data, isBinary) => {
    const parsed = isBinary ? { ok: false as const, reason: 'a binary message' } : parseClientMessage(data.toString());
    if (!parsed.ok) {
      send({ type: 'refused', message: `The server refused ${parsed.reason}.` });
      return;
    }
    queue = queue.then(() => handle(parsed.message)).catch((error: unknown) => send({ type: 'refused', message: `The server failed: ${error instanceof Error ? error.message : String(error)}` }));
  });
  // The driver's People panel follows the invites and who is here.
  const stopGroup = grant.role === 'driver' && group ? group.listen((state) => send({ type: 'group', ...state })) : undefined;
  const leave = grant.role === 'driver' && group ? group.driverArrived() : undefined;
  if (grant.role === 'driver' && group) send({ type: 'group', ...group.state });
  const gone = () => (detach(), stopGroup?.(), leave?.(), group?.pageGone(presenter));
  socket.on('close', gone);
  socket.on('error', gone);

  if (workspace.kind === 'file') void attach(workspace.file);
  else void sendListing();
}
