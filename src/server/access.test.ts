// The table of who may use the workspace server: one-time codes, secrets, revocation.
import { describe, expect, it, vi } from 'vitest';
import { AccessTable, OWNER } from './access';

describe('AccessTable', () => {
  it('a code lets one page in, once, with a secret of its own', () => {
    const table = new AccessTable();
    const used = vi.fn();
    const code = table.issueCode(OWNER, { onUsed: used });
    const first = table.exchange(code);
    expect(first?.grant).toEqual(OWNER);
    expect(first!.secret).not.toBe(code);
    expect(first!.secret.length).toBeGreaterThanOrEqual(43);
    expect(used).toHaveBeenCalledTimes(1);
    expect(table.exchange(code)).toBeUndefined();
    expect(table.grantOf(first!.secret)).toEqual(OWNER);
    expect(table.grantOf(code)).toBeUndefined();
    expect(table.grantOf('guess')).toBeUndefined();
  });

  it('two codes give two secrets; an expired code gives none', () => {
    const table = new AccessTable();
    const a = table.exchange(table.issueCode(OWNER))!;
    const b = table.exchange(table.issueCode(OWNER))!;
    expect(a.secret).not.toBe(b.secret);
    const stale = table.issueCode(OWNER, { expiresInMs: -1 });
    expect(table.exchange(stale)).toBeUndefined();
  });

  it('revoking an identity takes back its secrets and codes at once, and says so', () => {
    const table = new AccessTable();
    const guest = { identity: 'guest-1', role: 'observer' as const };
    const guestSecret = table.exchange(table.issueCode(guest))!.secret;
    const pendingCode = table.issueCode(guest);
    const ownerSecret = table.exchange(table.issueCode(OWNER))!.secret;
    const told = vi.fn();
    table.onRevoke(told);
    table.revoke('guest-1');
    expect(told).toHaveBeenCalledWith('guest-1');
    expect(table.grantOf(guestSecret)).toBeUndefined();
    expect(table.exchange(pendingCode)).toBeUndefined();
    expect(table.grantOf(ownerSecret)).toEqual(OWNER);
  });
});
