// An invited person's page: the open document is the group session's shared document (Yjs, through
// the collaboration channel of `causeway open`), bound as session-document.ts says. The page's
// copy is kept in the browser (IndexedDB): offline, the person keeps working, and the edits merge
// when the connection is back. The page follows the presentation the driver leads, and says when
// the session's work waits for the file on disk.
import { deepEqual, displayName, isObject } from '../../format';
import { CollabClient } from '../../collab/client';
import { GROUP_DOCUMENT } from '../../protocol/workspace-protocol';
import { usePresentation } from '../presentation-store';
import { forgetInvited, sessionOfInvite, type InvitedRole } from '../live/live-access';
import { useGroupStore } from './group-store';
import { bindSessionDocument } from './session-document';
import { collabAddress, joinPresence } from './session-presence';

export async function startGroupSync(access: { secret: string; role: InvitedRole }): Promise<() => void> {
  useGroupStore.setState({ invited: access.role, status: 'connecting' });
  // On hubs the invite names its session (hubs carry many); `causeway open` shares one file.
  const session = sessionOfInvite(access.secret);
  const started = await CollabClient.start({
    url: collabAddress(),
    documentName: session ?? GROUP_DOCUMENT,
    credential: access.secret,
    storage: `causeway-group:${window.location.host}${session ? `:${session}` : ''}`,
  });
  // The presentation the driver leads, followed here; only once in step with the session (the
  // copy kept in the browser may hold one that ended while this page was closed).
  let connectedOnce = false;
  let heard = 'null';
  const hearPresentation = () => {
    const presenting = connectedOnce ? started.presenting : null;
    const data = started.data;
    const driver = isObject(data) && typeof data.driver === 'string' ? data.driver : '';
    const led = presenting ? { ...presenting, by: driver ? displayName(data, driver) : '' } : null;
    const said = JSON.stringify(led);
    if (said === heard) return;
    heard = said;
    usePresentation.getState().hear(led);
  };

  started.on('status', (status) => {
    if (status === 'connected' && !connectedOnce) {
      connectedOnce = true;
      hearPresentation();
    }
  });
  started.on('status', (status) => useGroupStore.setState({ status, ...(status === 'connected' ? { me: started.identity ? { id: started.identity.id, name: started.name } : null, refusal: null } : {}) }));
  const leave = joinPresence(started);
  const unbind = bindSessionDocument(started, {
    onChange: () => {
      hearPresentation();
      // The session's conflicts and problems with the file on disk: this page says the file waits.
      const conflicts = started.conflicts;
      if (!deepEqual(conflicts, useGroupStore.getState().sessionConflicts)) useGroupStore.setState({ sessionConflicts: conflicts });
      if (started.diskProblem !== useGroupStore.getState().sessionDiskProblem) useGroupStore.setState({ sessionDiskProblem: started.diskProblem });
    },
    onRefused: forgetInvited,
  });

  return () => {
    unbind();
    leave();
    usePresentation.getState().hear(null);
    void started.close();
  };
}
