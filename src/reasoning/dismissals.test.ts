import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openWorkingFile, saveWorkingFile, type WorkingFile } from '../format';
import { expectOk, expectRefused } from '../format/fixtures';
import { DISMISSALS_KEY, dismissFinding, readDismissals, restoreFinding } from './dismissals';
import { runChecks } from './run-checks';

const EXAMPLE = readFileSync(new URL('../../examples/repair-cafe.yaml', import.meta.url), 'utf8');
const example = () => openWorkingFile(EXAMPLE);

describe('dismissing a finding ("Not a problem")', () => {
  it('moves the finding to the dismissed list, names the driver, and leaves the rest of the file as it was', () => {
    const opened = example();
    const before = runChecks(opened.data);
    const target = before.findings.find((f) => f.check === 'sole-cause' && f.ref === 'rl4')!;
    const result = expectOk(dismissFinding(opened.data as WorkingFile, target));
    expect(readDismissals(result.file as never)).toEqual([{ check: 'sole-cause', ref: 'rl4', by: 'maya' }]);
    const after = runChecks(result.file as never);
    expect(after.findings).toHaveLength(before.findings.length - 1);
    expect(after.dismissed.map((f) => `${f.check} ${f.ref}`)).toEqual(['sole-cause rl4']);
    expect({ ...result.file, [DISMISSALS_KEY]: undefined }).toEqual({ ...(opened.data as object), [DISMISSALS_KEY]: undefined });
  });

  it('is kept in the saved file as a key other tools ignore: it validates and reads back', () => {
    const opened = example();
    const result = expectOk(dismissFinding(opened.data as WorkingFile, { check: 'effect-meets-no-need', ref: 't6' }));
    const text = saveWorkingFile(opened.source, result.file as never);
    expect(text.startsWith(EXAMPLE.trimEnd())).toBe(true); // appended: comments and order kept
    expect(text.slice(EXAMPLE.trimEnd().length)).toBe('\ncauseway_dismissed_checks:\n  - {check: effect-meets-no-need, ref: t6, by: maya}\n');
    const reopened = openWorkingFile(text);
    expect(reopened.valid).toBe(true);
    expect(reopened.diagnostics).toEqual([]);
    expect(runChecks(reopened.data).dismissed.map((f) => f.ref)).toEqual(['t6']);
  });

  it('changes nothing when dismissed twice, and refuses a check that does not exist', () => {
    const opened = example();
    const once = expectOk(dismissFinding(opened.data as WorkingFile, { check: 'sole-cause', ref: 'rl4' }));
    expect(expectOk(dismissFinding(once.file, { check: 'sole-cause', ref: 'rl4' })).file).toBe(once.file);
    expectRefused(dismissFinding(opened.data as WorkingFile, { check: 'made-up' as never, ref: 'rl4' }), /no check named made-up/);
  });

  it('is undone by restoring, which drops the key once empty', () => {
    const opened = example();
    const dismissed = expectOk(dismissFinding(opened.data as WorkingFile, { check: 'sole-cause', ref: 'rl4' }));
    const restored = expectOk(restoreFinding(dismissed.file, { check: 'sole-cause', ref: 'rl4' }));
    expect(DISMISSALS_KEY in restored.file).toBe(false);
    expect(runChecks(restored.file as never).dismissed).toEqual([]);
  });

  it('ignores unreadable dismissal entries and dismissals of findings that no longer arise', () => {
    const opened = example();
    const data = { ...(opened.data as object), [DISMISSALS_KEY]: ['oops', { check: 'sole-cause' }, { check: 'sole-cause', ref: 'gone' }] };
    expect(readDismissals(data as never)).toEqual([{ check: 'sole-cause', ref: 'gone' }]);
    expect(runChecks(data as never).findings).toHaveLength(runChecks(opened.data).findings.length);
  });
});
