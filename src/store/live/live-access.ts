// The page's way into the workspace server. The address `causeway open` prints carries a
// one-time code in its fragment (never sent in a request, and spent at once); the page
// exchanges it for a secret of its own and keeps that in this origin's storage, which no other
// port can read (unlike a cookie, which every port of 127.0.0.1 receives). The secret is shown
// to the server only when the live channel opens. Other tabs of this origin use it too, and a
// tab that opens a new address hands the new secret to the others.
import { CODE_FRAGMENT, INVITE_FRAGMENT, SESSION_PATH, type SessionAnswer } from '../../protocol/workspace-protocol';

const SECRET_KEY = 'causeway.live.secret';
/**
 * An invited person's secret and role (group sessions) are kept apart from the driver's: a
 * driver who tries a participant's link in their own browser keeps their own way in.
 */
const INVITED_KEY = 'causeway.group.invited';

export type InvitedRole = 'participant' | 'observer';

/** Where the page stands: it holds a secret, has none, or came with an address already used. */
export type AccessState = 'ok' | 'no-address' | 'address-used';

/** Kept here too, for a browser whose storage is switched off. */
let inMemory: string | null = null;

export function currentSecret(): string | null {
  try {
    return localStorage.getItem(SECRET_KEY) ?? inMemory;
  } catch {
    return inMemory;
  }
}

function keep(secret: string): void {
  inMemory = secret;
  try {
    localStorage.setItem(SECRET_KEY, secret);
  } catch {
    // storage switched off: this tab keeps it in memory
  }
}

/** Forgets `secret` (the server no longer knows it), unless another tab has put a newer one in its place. */
export function forgetSecret(secret: string): void {
  if (inMemory === secret) inMemory = null;
  try {
    if (localStorage.getItem(SECRET_KEY) === secret) localStorage.removeItem(SECRET_KEY);
  } catch {
    // nothing kept
  }
}

/** The one-time code (or a hub's signed invite) in the address, taken out of the address bar at once. */
function takeFromAddress(): { code?: string; invite?: string } {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const code = fragment.get(CODE_FRAGMENT) || undefined;
  const invite = fragment.get(INVITE_FRAGMENT) || undefined;
  if (window.location.hash || window.location.search) history.replaceState(null, '', window.location.pathname);
  return { code, invite };
}

/**
 * The role a hub's invite names (`cw1.PAYLOAD.MAC`), for this page's controls only: the hub
 * checks the signature and decides who the page is. Undefined for what is not an invite.
 */
export function roleOfInvite(invite: string): InvitedRole | undefined {
  const role = claimsOfInvite(invite)?.role;
  return role === 'participant' || role === 'observer' ? role : undefined;
}

/** The session (document) a hub's invite opens; undefined for a secret of `causeway open`'s own. */
export function sessionOfInvite(invite: string): string | undefined {
  const doc = claimsOfInvite(invite)?.doc;
  return typeof doc === 'string' && doc !== '' ? doc : undefined;
}

function claimsOfInvite(invite: string): { role?: unknown; doc?: unknown } | undefined {
  const payload = invite.split('.')[1];
  if (!invite.startsWith('cw1.') || !payload) return undefined;
  try {
    const bytes = Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null ? claims : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Exchanges the address's code, if it has one, for a secret; otherwise uses the one this origin
 * keeps. A hub's page takes its signed invite as it is (any hub checks it). Says where the page stands.
 */
export async function obtainAccess(): Promise<AccessState> {
  const { code, invite } = takeFromAddress();
  const invitedRole = invite === undefined ? undefined : roleOfInvite(invite);
  if (invite !== undefined && invitedRole !== undefined) {
    keepInvited({ secret: invite, role: invitedRole });
    return 'ok';
  }
  if (code !== undefined) {
    const answer = await exchangeCode(code);
    if (answer !== undefined && answer.role !== 'driver') {
      keepInvited({ secret: answer.secret, role: answer.role });
      return 'ok';
    }
    if (answer !== undefined) {
      keep(answer.secret);
      return 'ok';
    }
    if (invitedAccess()) return 'ok';
    return currentSecret() !== null ? 'ok' : 'address-used';
  }
  return currentSecret() !== null || invitedAccess() ? 'ok' : 'no-address';
}

/** This page's way in as an invited person, when it came in with an invite (and holds no driver's secret). */
export function invitedAccess(): { secret: string; role: InvitedRole } | undefined {
  if (currentSecret() !== null) return undefined;
  try {
    const value = JSON.parse(sessionStorage.getItem(INVITED_KEY) ?? localStorage.getItem(INVITED_KEY) ?? 'null') as { secret?: unknown; role?: unknown } | null;
    if (value && typeof value.secret === 'string' && (value.role === 'participant' || value.role === 'observer')) return { secret: value.secret, role: value.role };
  } catch {
    // nothing kept
  }
  return invitedInMemory;
}

let invitedInMemory: { secret: string; role: InvitedRole } | undefined;

function keepInvited(access: { secret: string; role: InvitedRole }): void {
  invitedInMemory = access;
  try {
    localStorage.setItem(INVITED_KEY, JSON.stringify(access));
  } catch {
    // storage switched off: this tab keeps it in memory
  }
}

/** Forgets the invited person's secret (revoked, or the server restarted). */
export function forgetInvited(): void {
  invitedInMemory = undefined;
  try {
    localStorage.removeItem(INVITED_KEY);
  } catch {
    // nothing kept
  }
}

/** Waits between attempts while the server does not answer at all (it is still starting). */
const EXCHANGE_RETRY_MS = [250, 500, 1000, 2000];

/** The secret (and role) the server gives for `code`; undefined when it refuses the code (used, unknown). */
async function exchangeCode(code: string): Promise<SessionAnswer | undefined> {
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(SESSION_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code }),
        cache: 'no-store',
        credentials: 'omit',
      });
    } catch {
      // not answering: the code is still good, so ask again
      await new Promise((resolve) => setTimeout(resolve, EXCHANGE_RETRY_MS[Math.min(attempt, EXCHANGE_RETRY_MS.length - 1)]));
      continue;
    }
    if (!response.ok) return undefined;
    const answer = (await response.json().catch(() => ({}))) as Partial<SessionAnswer>;
    if (typeof answer.secret !== 'string' || answer.secret.length === 0) return undefined;
    return { secret: answer.secret, role: answer.role === 'participant' || answer.role === 'observer' ? answer.role : 'driver' };
  }
}

/** Whether the server still knows `secret`: false after a restart or a revocation; undefined when it cannot be asked. */
export async function secretHolds(secret: string): Promise<boolean | undefined> {
  try {
    const response = await fetch(SESSION_PATH, { headers: { Authorization: `Bearer ${secret}` }, cache: 'no-store', credentials: 'omit' });
    if (response.status === 204) return true;
    if (response.status === 401) return false;
    return undefined;
  } catch {
    return undefined;
  }
}

/** Calls `listener` when a new address is opened here (a new fragment) or in another tab (new storage). */
export function onNewAccess(listener: (state: AccessState) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SECRET_KEY || !event.newValue) return;
    // Kept in this tab too: this tab may have just taken the old one out of storage (its read of
    // storage a moment behind the other tab's write), and would then be left with none.
    inMemory = event.newValue;
    listener('ok');
  };
  const onHash = () => {
    const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
    if (fragment.has(CODE_FRAGMENT) || fragment.has(INVITE_FRAGMENT)) void obtainAccess().then(listener);
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener('hashchange', onHash);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('hashchange', onHash);
  };
}
