// Who may open a WebSocket to a collaboration server on its own port: its own host names
// (against DNS rebinding), and pages of its own site or of the sites it was told.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { checkUpgrade, defaultHostNames } from './upgrade-guard';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
const local = { hostNames: defaultHostNames('127.0.0.1') };

describe('the upgrade guard', () => {
  it('lets in the server’s own host names, on any port (a load balancer has its own)', () => {
    for (const host of ['127.0.0.1:4880', 'localhost:9000', '[::1]:4880', 'LOCALHOST:1']) expect(checkUpgrade(request({ host }), local), host).toBeUndefined();
  });

  it('refuses another host name (a rebound DNS name) when bound to this computer', () => {
    expect(checkUpgrade(request({ host: 'attacker.example:4880' }), local)).toMatch(/^Blocked: this server answers only to 127\.0\.0\.1 or localhost or \[::1\]\.$/);
    expect(checkUpgrade(request({}), local)).toMatch(/^Blocked/);
  });

  it('checks no host name on a public address (the proxy in front decides)', () => {
    expect(defaultHostNames('0.0.0.0')).toBeUndefined();
    expect(checkUpgrade(request({ host: 'plan.example.org' }), {})).toBeUndefined();
  });

  it('lets in pages of the same host and of the sites it was told, and refuses other sites', () => {
    expect(checkUpgrade(request({ host: '127.0.0.1:4880', origin: 'http://127.0.0.1:4880' }), local)).toBeUndefined();
    expect(checkUpgrade(request({ host: '127.0.0.1:4880', origin: 'https://evil.example' }), local)).toBe('Requests from other sites are refused.');
    expect(checkUpgrade(request({ host: 'hub.example.org', origin: 'https://plan.example.org' }), { origins: ['https://plan.example.org'] })).toBeUndefined();
    expect(checkUpgrade(request({ host: 'hub.example.org', origin: 'null' }), {})).toBe('Requests from other sites are refused.');
  });
});
