// Who may use the workspace server, decided by the server alone. It keeps a table from secret to
// identity and role; a page holds its secret itself (in per-origin storage, which no other port
// can read) and presents it when it opens the live channel. Addresses carry only one-time codes:
// the page exchanges its code for a secret of its own at once, so an address found later in the
// browser's history, a terminal's scrollback or a process list lets nobody in.
//
// One person's `causeway open` has one identity, the driver; group sessions give each invited
// person their own code, identity and role, and may revoke them at any moment.
import { createHash, randomBytes } from 'node:crypto';

/** `assistant`: an AI assistant's `causeway mcp` on this machine, in the group session only. */
export type Role = 'driver' | 'participant' | 'observer' | 'assistant';

export interface Grant {
  /** Who this is, as the server knows them (never what a page claims). */
  identity: string;
  role: Role;
  /** The invite this grant came from (group sessions): revoking it takes back every secret it gave. */
  invite?: string;
  /** The assistant's MCP client, as it named itself (for presence only). */
  client?: string;
}

export interface CodeOptions {
  /** Called once, when the code is exchanged (the opener's redirect file is then removed). */
  onUsed?(): void;
  /** Unused after this long, the code is forgotten. */
  expiresInMs?: number;
}

interface Code {
  grant: Grant;
  options: CodeOptions;
  expires: number;
}

/** Secrets and codes are kept by their hash: a lookup compares no secret character by character. */
const keyOf = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');
const token = (bytes: number) => randomBytes(bytes).toString('base64url');

export class AccessTable {
  private readonly codes = new Map<string, Code>();
  private readonly secrets = new Map<string, Grant>();
  private readonly revokeListeners = new Set<(identity: string, invite?: string) => void>();

  /** A new one-time code that lets one page in as `grant`. */
  issueCode(grant: Grant, options: CodeOptions = {}): string {
    const code = token(18);
    this.codes.set(keyOf(code), { grant, options, expires: options.expiresInMs === undefined ? Infinity : Date.now() + options.expiresInMs });
    return code;
  }

  /** Exchanges a code (once) for a new secret; undefined for a code unknown, used or expired. */
  exchange(code: string): { secret: string; grant: Grant } | undefined {
    const key = keyOf(code);
    const entry = this.codes.get(key);
    if (!entry) return undefined;
    this.codes.delete(key);
    if (entry.expires < Date.now()) return undefined;
    const secret = token(32);
    this.secrets.set(keyOf(secret), entry.grant);
    entry.options.onUsed?.();
    return { secret, grant: entry.grant };
  }

  /**
   * A new secret for `grant`, handed over directly: only for a channel no one else can reach
   * (the private socket `causeway mcp` asks through), never in an address.
   */
  issueSecret(grant: Grant): string {
    const secret = token(32);
    this.secrets.set(keyOf(secret), grant);
    return secret;
  }

  /** The grant a secret carries, or undefined. */
  grantOf(secret: string): Grant | undefined {
    return this.secrets.get(keyOf(secret));
  }

  /** Takes every secret and unused code of `identity` back; its open channels are closed at once. */
  revoke(identity: string): void {
    for (const [key, grant] of this.secrets) if (grant.identity === identity) this.secrets.delete(key);
    for (const [key, code] of this.codes) if (code.grant.identity === identity) this.codes.delete(key);
    for (const listener of this.revokeListeners) listener(identity);
  }

  /** Takes back every secret and unused code that came from one invite; its open channels are closed at once. */
  revokeInvite(invite: string): void {
    const identities = new Set<string>();
    for (const [key, grant] of this.secrets) if (grant.invite === invite) (this.secrets.delete(key), identities.add(grant.identity));
    for (const [key, code] of this.codes) if (code.grant.invite === invite) (this.codes.delete(key), identities.add(code.grant.identity));
    for (const identity of identities) for (const listener of this.revokeListeners) listener(identity, invite);
  }

  /** Told of each revocation: the identity, and the invite when one invite was taken back. */
  onRevoke(listener: (identity: string, invite?: string) => void): () => void {
    this.revokeListeners.add(listener);
    return () => this.revokeListeners.delete(listener);
  }
}

/** The one person who ran `causeway open`. */
export const OWNER: Grant = { identity: 'owner', role: 'driver' };
