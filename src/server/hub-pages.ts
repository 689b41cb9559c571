// The editor's pages as a hub serves them, to the people an invite link brings there: the built
// files only (a request can name nothing else), under the editor's one Content-Security-Policy.
// The page opens the invite from its address's fragment and connects to the hub's collaboration
// channel on the same host, so no other origin is ever needed. Nothing here reads a file on
// request or takes a path from one; the invite is checked by the collaboration channel.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { securityHeaders } from '../security/content-security-policy';
import { checkUpgrade, type UpgradeGuard } from '../collab/server';
import { loadWebFiles, sendWebFile } from './web-files';

export function hubPages(webRoot: string, guard: UpgradeGuard): (request: IncomingMessage, response: ServerResponse) => void {
  const files = loadWebFiles(webRoot);
  const security = securityHeaders();
  return (request, response) => {
    const refuse = (status: number, reason: string) => {
      response.writeHead(status, { ...security, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : `${reason}\n`);
    };
    // The same Host check as the channel's (against DNS rebinding on this computer).
    const refusal = checkUpgrade(request, { hostNames: guard.hostNames, origins: guard.origins });
    if (refusal) return refuse(403, refusal);
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, 'A hub serves the editor; edits travel through its collaboration channel.');
    const file = files.get(request.url ?? '/');
    if (!file) return refuse(404, 'Not found. Open the invite link the driver gave you.');
    sendWebFile(response, request.method, file, security, 'public');
  };
}
