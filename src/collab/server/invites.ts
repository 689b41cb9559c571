// Invites signed with a secret every process of a deployment shares (CAUSEWAY_HUB_SECRET), so
// that any hub can check one without asking anybody: for which session (document), whom (a
// participant id, an observer, the assistant), as what (driver, participant, observer, the
// assistant, or the file's own writer), until when, and under which id (to revoke it). Signing is HMAC-SHA256; checking
// compares in constant time and refuses a forged, altered, expired, revoked or misdirected invite.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ROLES, clientLabel, type Identity, type Role } from '../../protocol/collab-protocol';

export interface InviteClaims {
  /** The document (session) it opens. */
  doc: string;
  /** A participant id; for an observer, any label. */
  id: string;
  role: Role | 'writer' | 'assistant';
  /** For the assistant: its MCP client's name, shown in presence. */
  client?: string;
  /** The invite's own id, named to revoke it. */
  invite: string;
  /** When it stops working, in milliseconds since 1970. */
  exp: number;
}

const PREFIX = 'cw1';
/** The shortest secret accepted: 32 characters (use `openssl rand -base64 48`). */
export const MIN_SECRET_LENGTH = 32;

export function newInviteId(): string {
  return randomBytes(12).toString('base64url');
}

/** The secret from the environment, or a reason it cannot be used. */
export function hubSecretFrom(env: NodeJS.ProcessEnv = process.env): { ok: true; secret: string } | { ok: false; reason: string } {
  const secret = env.CAUSEWAY_HUB_SECRET;
  if (secret === undefined || secret === '') return { ok: false, reason: 'CAUSEWAY_HUB_SECRET is not set: every hub and the file’s process need the same secret to sign and check invites.' };
  if (secret.length < MIN_SECRET_LENGTH) return { ok: false, reason: `CAUSEWAY_HUB_SECRET is too short (${secret.length} characters); use at least ${MIN_SECRET_LENGTH}, for example from "openssl rand -base64 48".` };
  return { ok: true, secret };
}

export function signInvite(claims: InviteClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify({ v: 1, ...claims }), 'utf8').toString('base64url');
  return `${PREFIX}.${payload}.${mac(`${PREFIX}.${payload}`, secret)}`;
}

export interface InviteCheckOptions {
  secret: string;
  /** Milliseconds since 1970. */
  now: number;
  /** The document the connection asks for. */
  document: string;
  /** Ids of revoked invites. */
  revoked?: ReadonlySet<string>;
}

export type InviteCheck = { ok: true; identity: Identity; claims: InviteClaims } | { ok: false; reason: string };

export function checkInvite(token: string, options: InviteCheckOptions): InviteCheck {
  const parts = typeof token === 'string' ? token.split('.') : [];
  if (parts.length !== 3 || parts[0] !== PREFIX) return { ok: false, reason: 'This is not a Causeway invite.' };
  const expected = Buffer.from(mac(`${parts[0]}.${parts[1]}`, options.secret));
  const given = Buffer.from(parts[2]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'The invite’s signature is wrong: it was not made by this deployment, or it was changed.' };
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'The invite cannot be read.' };
  }
  if (!isClaims(claims)) return { ok: false, reason: 'The invite does not say whom it is for.' };
  if (claims.doc !== options.document) return { ok: false, reason: 'The invite is for another session.' };
  if (claims.exp <= options.now) return { ok: false, reason: 'The invite has expired; ask the driver for a new one.' };
  if (options.revoked?.has(claims.invite)) return { ok: false, reason: 'The invite was revoked by the driver.' };
  const { doc, id, role, invite, exp } = claims;
  const client = clientLabel(claims.client);
  return { ok: true, identity: { id, role, invite, ...(client ? { client } : {}) }, claims: { doc, id, role, invite, exp, ...(client ? { client } : {}) } };
}

function mac(text: string, secret: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('base64url');
}

function isClaims(value: unknown): value is InviteClaims & { v: 1 } {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    claims.v === 1 &&
    typeof claims.doc === 'string' &&
    typeof claims.id === 'string' &&
    claims.id !== '' &&
    claims.id.length <= 200 &&
    (claims.role === 'writer' || (claims.role === 'assistant' && claims.id === 'assistant') || (ROLES as readonly unknown[]).includes(claims.role)) &&
    typeof claims.invite === 'string' &&
    typeof claims.exp === 'number' &&
    Number.isFinite(claims.exp)
  );
}
