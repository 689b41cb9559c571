import { describe, expect, it } from 'vitest';
import { UsageError, parseArgs } from './args';

const spec = { withValue: ['--summary'], switches: ['--json', '--help'] };

describe('parseArgs', () => {
  it('separates files, switches and options with values', () => {
    const parsed = parseArgs(['a.yaml', '--json', '--summary', 'text', 'b.yaml', '--summary=again'], spec);
    expect(parsed.positional).toEqual(['a.yaml', 'b.yaml']);
    expect([...parsed.switches]).toEqual(['--json']);
    expect(parsed.values.get('--summary')).toBe('again');
  });

  it('reads -h as --help', () => {
    expect(parseArgs(['-h'], spec).switches.has('--help')).toBe(true);
  });

  it('treats everything after -- as files, and a lone - as a file', () => {
    expect(parseArgs(['--', '--json', '-h'], spec).positional).toEqual(['--json', '-h']);
    expect(parseArgs(['-'], spec).positional).toEqual(['-']);
  });

  it('refuses unknown options, short or long, rather than ignoring them', () => {
    expect(() => parseArgs(['--jsn'], spec)).toThrow(new UsageError('unknown option --jsn'));
    expect(() => parseArgs(['-j'], spec)).toThrow(UsageError);
  });

  it('refuses a value on a switch and a missing value', () => {
    expect(() => parseArgs(['--json=yes'], spec)).toThrow('--json takes no value');
    expect(() => parseArgs(['--summary'], spec)).toThrow('--summary needs a value');
  });
});
