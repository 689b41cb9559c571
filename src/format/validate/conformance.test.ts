// A conformance corpus judged against FORMAT.md: each file in fixtures/conformance states in its
// header the verdict and every error and warning (code and path) a correct reader reports.
// A path ending in * stands for any path that starts so (the place a runaway nesting stops).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, fixtureNames } from '../fixtures/files';
import { expectSaneDiagnostics } from '../fixtures/sane';
import { openWorkingFile } from '../text/open';

interface Expectation {
  verdict: 'valid' | 'invalid';
  errors: string[];
  warnings: string[];
}

function expectationOf(text: string): Expectation {
  const expectation: Expectation = { verdict: 'valid', errors: [], warnings: [] };
  let found = false;
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const match = /^# (expect|error|warning): ?(.*)$/.exec(line);
    if (!match) continue;
    if (match[1] === 'expect') {
      expectation.verdict = match[2] as Expectation['verdict'];
      found = true;
    } else if (match[1] === 'error') expectation.errors.push(match[2].trim());
    else expectation.warnings.push(match[2].trim());
  }
  if (!found) throw new Error('a conformance case states "# expect: valid" or "# expect: invalid"');
  return expectation;
}

/** The found entries, each replaced by the expected pattern it matches, sorted. */
function matched(found: string[], patterns: string[]): string[] {
  return found
    .map((entry) => patterns.find((p) => (p.endsWith('*') ? entry.startsWith(p.slice(0, -1)) : p === entry)) ?? entry)
    .filter((entry, index, all) => all.indexOf(entry) === index)
    .sort();
}

const names = fixtureNames('conformance');

describe('conformance corpus', () => {
  it('has more than 140 cases', () => {
    expect(names.length).toBeGreaterThan(140);
  });

  it.each(names)('%s', (name) => {
    const text = readFileSync(join(FIXTURES, 'conformance', name), 'utf8');
    const expected = expectationOf(text);
    const opened = openWorkingFile(text);
    const listed = (severity: string) => [
      ...new Set(opened.diagnostics.filter((d) => d.severity === severity).map((d) => `${d.code} ${d.path}`.trim())),
    ];
    expect({
      verdict: opened.valid ? 'valid' : 'invalid',
      errors: matched(listed('error'), expected.errors),
      warnings: matched(listed('warning'), expected.warnings),
    }).toEqual({ verdict: expected.verdict, errors: [...expected.errors].sort(), warnings: [...expected.warnings].sort() });
    expectSaneDiagnostics(text, opened.diagnostics);
  });
});
