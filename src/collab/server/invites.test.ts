// Invites: signed once, checked anywhere the secret is known; a forged, altered, expired,
// revoked or misdirected invite is refused, and a weak secret is refused before it signs anything.
import { describe, expect, it } from 'vitest';
import { checkInvite, hubSecretFrom, newInviteId, signInvite, type InviteClaims } from './invites';

const SECRET = 'a-secret-of-forty-eight-characters-for-the-test!';
const NOW = Date.UTC(2025, 0, 1);
const claims: InviteClaims = { doc: 'plan', id: 'bob', role: 'participant', invite: 'inv-1', exp: NOW + 3_600_000 };
const check = (token: string, extra: Partial<Parameters<typeof checkInvite>[1]> = {}) => checkInvite(token, { secret: SECRET, now: NOW, document: 'plan', ...extra });

describe('invites', () => {
  it('gives the identity, role and invite id of a valid invite', () => {
    expect(check(signInvite(claims, SECRET))).toEqual({ ok: true, identity: { id: 'bob', role: 'participant', invite: 'inv-1' }, claims });
    const observer = signInvite({ ...claims, id: 'observer:x', role: 'observer' }, SECRET);
    expect(check(observer)).toMatchObject({ ok: true, identity: { role: 'observer' } });
  });

  it('refuses an invite signed with another secret, or changed after signing', () => {
    expect(check(signInvite(claims, `${SECRET}x`))).toEqual({ ok: false, reason: expect.stringMatching(/signature is wrong/) });
    const [prefix, , mac] = signInvite(claims, SECRET).split('.');
    const promoted = Buffer.from(JSON.stringify({ v: 1, ...claims, role: 'driver' })).toString('base64url');
    expect(check(`${prefix}.${promoted}.${mac}`)).toEqual({ ok: false, reason: expect.stringMatching(/signature is wrong/) });
    for (const junk of ['', 'cw1', 'cw1..', 'not.an.invite', 'cw1.e30.xx', '💥'.repeat(10)]) expect(check(junk).ok).toBe(false);
  });

  it('refuses an expired invite, a revoked one, and one for another session', () => {
    const token = signInvite(claims, SECRET);
    expect(check(token, { now: claims.exp })).toEqual({ ok: false, reason: 'The invite has expired; ask the driver for a new one.' });
    expect(check(token, { revoked: new Set(['inv-1']) })).toEqual({ ok: false, reason: 'The invite was revoked by the driver.' });
    expect(check(token, { document: 'other' })).toEqual({ ok: false, reason: 'The invite is for another session.' });
  });

  it('refuses a signed invite that does not say whom it is for', () => {
    for (const bad of [{ ...claims, role: 'admin' }, { ...claims, id: '' }, { ...claims, exp: 'soon' }]) {
      expect(check(signInvite(bad as unknown as InviteClaims, SECRET))).toEqual({ ok: false, reason: 'The invite does not say whom it is for.' });
    }
  });

  it('takes the secret from CAUSEWAY_HUB_SECRET only when it is long enough', () => {
    expect(hubSecretFrom({})).toMatchObject({ ok: false, reason: expect.stringMatching(/not set/) });
    expect(hubSecretFrom({ CAUSEWAY_HUB_SECRET: 'short' })).toMatchObject({ ok: false, reason: expect.stringMatching(/too short \(5 characters\)/) });
    expect(hubSecretFrom({ CAUSEWAY_HUB_SECRET: SECRET })).toEqual({ ok: true, secret: SECRET });
  });

  it('makes invite ids that differ', () => {
    expect(new Set(Array.from({ length: 50 }, newInviteId)).size).toBe(50);
  });
});
