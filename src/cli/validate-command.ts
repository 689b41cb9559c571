// `causeway validate FILE... [--json]`: the verdict other tools rely on.
import { openWorkingFile, type Diagnostic } from '../format';
import { parseArgs } from './args';
import type { CommandIO } from './io';
import { jsonLine } from './json-line';
import { readWorkingText } from '../disk/read-text';

export const VALIDATE_HELP = `Usage: causeway validate FILE... [--json]

Checks Conversational YAML v1 working files against every rule of the format and
reports all problems at once.

Output, one line per problem:  FILE:LINE:COLUMN: error|warning CODE message
then one summary line.

Options:
  --json   one JSON object per file per line:
           {"file", "valid", "diagnostics": [{"severity", "code", "message", "path", "line", "column"}]}
  --help   show this help

Exit status: 0 when every file is valid (warnings allowed), 1 when any file is
invalid or cannot be read, 2 for a usage error.`;

export interface FileReport {
  file: string;
  valid: boolean;
  diagnostics: Diagnostic[];
}

export async function checkFile(file: string): Promise<FileReport> {
  const read = await readWorkingText(file);
  if (!read.ok) {
    return { file, valid: false, diagnostics: [{ severity: 'error', code: read.code, message: read.message, path: '', line: 1, column: 1 }] };
  }
  const opened = openWorkingFile(read.text);
  return { file, valid: opened.valid, diagnostics: opened.diagnostics };
}

export function formatDiagnostic(file: string, d: Diagnostic): string {
  return `${file}:${d.line}:${d.column}: ${d.severity} ${d.code} ${d.message}`;
}

export async function validateCommand(argv: readonly string[], io: CommandIO): Promise<number> {
  const args = parseArgs(argv, { withValue: [], switches: ['--json', '--help'] });
  if (args.switches.has('--help')) {
    io.out(VALIDATE_HELP);
    return 0;
  }
  if (args.positional.length === 0) {
    io.err('causeway validate: name at least one file\n');
    io.err(VALIDATE_HELP);
    return 2;
  }
  const json = args.switches.has('--json');
  let invalid = 0;
  let errors = 0;
  let warnings = 0;
  for (const file of args.positional) {
    const report = await checkFile(file);
    if (!report.valid) invalid++;
    for (const d of report.diagnostics) {
      if (d.severity === 'error') errors++;
      else warnings++;
    }
    if (json) {
      const diagnostics = report.diagnostics.map(({ severity, code, message, path, line, column }) => ({ severity, code, message, path, line, column }));
      io.out(jsonLine({ file: report.file, valid: report.valid, diagnostics }));
    } else {
      for (const d of report.diagnostics) io.out(formatDiagnostic(file, d));
    }
  }
  if (!json) {
    const files = args.positional.length;
    const verdict = invalid === 0 ? (files === 1 ? 'valid' : 'all valid') : `${invalid} invalid`;
    io.out(`${files} file${files === 1 ? '' : 's'} checked: ${verdict}; ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}.`);
  }
  return invalid === 0 ? 0 : 1;
}
