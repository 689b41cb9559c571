import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from './content-security-policy';

function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}

describe('the content security policy', () => {
  it('lets the page run only its own scripts and workers: no inline script, no eval, nothing from elsewhere', () => {
    const policy = directives(contentSecurityPolicy());
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    for (const values of policy.values()) {
      expect(values).not.toContain("'unsafe-eval'");
      expect(values.filter((v) => v.startsWith('http') || v === '*')).toEqual([]);
    }
  });

  it('adds the workspace server\'s WebSocket origin when given, and refuses anything else there', () => {
    expect(directives(contentSecurityPolicy({ websockets: ['ws://127.0.0.1:4321'] })).get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:4321']);
    expect(() => contentSecurityPolicy({ websockets: ["ws://x; script-src 'unsafe-inline'"] })).toThrow();
    expect(() => contentSecurityPolicy({ websockets: ['https://example.com'] })).toThrow();
  });

  it('comes with the headers that keep the page to itself', () => {
    const headers = securityHeaders();
    expect(headers['Content-Security-Policy']).toBe(contentSecurityPolicy());
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('no-referrer');
  });
});
