// `causeway check FILE... [--json] [--dismissed] [--new]`: the reasoning checks of the editor, as
// notes. Notes are advice, not errors: the status is 0 whatever they say (validate judges the
// format). A note whose suggested work the backlog already holds says so, as the editor's panel does.
import { openWorkingFile, readTrees, type Diagnostic } from '../format';
import { existingEntry, readDismissals, runChecks, type ReasoningFinding } from '../reasoning';
import { parseArgs } from './args';
import type { CommandIO } from './io';
import { readWorkingText } from '../disk/read-text';

export const CHECK_SUMMARY = 'point out where the reasoning is thin (notes, not errors)';

export const CHECK_HELP = `Usage: causeway check FILE... [--json] [--dismissed] [--new]

Reads Conversational YAML v1 working files and points out where the reasoning
looks thin: an undesirable effect with no cause, a cause that explains nothing,
a lone cause that may not be enough, an accepted link with no assumption, an
accepted item resting on a dispute, causes that loop back, the same statement
twice, an incomplete conflict cloud, an injection that addresses nothing, a
desirable effect no injection reaches, a negative branch left hanging, an
obstacle nothing overcomes, an action with no expected effect, an expected
effect that meets no need. Each note suggests the backlog work for it; the
editor's Checks panel adds it in one click. A note whose work the tree's backlog
already holds (an entry with the same ref and work) is marked "(in backlog)".
Findings the group marked "Not a problem" (kept in the file under
causeway_dismissed_checks) are left out.

Output, one line per finding:  FILE:LINE:COLUMN: note CODE message
then one summary line.

Options:
  --new         only the notes whose work is not in the backlog yet
  --json        one JSON object per file per line:
                {"file", "valid", "findings": [{"severity": "note", "code", "message",
                 "path", "line", "column", "tree", "ref", "work", "inBacklog"}],
                 "dismissed": [...]}
  --dismissed   list dismissed findings too, marked "(dismissed)"
  --help        show this help

Exit status: 0 when every file could be read (whatever the notes say), 1 when a
file cannot be read or opened, 2 for a usage error. Run "causeway validate" for
the format's own rules.`;

/** A finding placed in the file: a diagnostic of its own severity, with what to do about it. */
interface Note extends Omit<Diagnostic, 'severity'> {
  severity: 'note';
  tree: string;
  ref: string;
  work: string;
  /** The tree's backlog already holds this work for this item. */
  inBacklog: boolean;
}

type FileCheck =
  | { ok: true; valid: boolean; errors: number; findings: Note[]; dismissed: Note[] }
  | { ok: false; problem: Diagnostic };

export async function checkReasoning(file: string): Promise<FileCheck> {
  const read = await readWorkingText(file);
  if (!read.ok) return { ok: false, problem: { severity: 'error', code: read.code, message: read.message, path: '', line: 1, column: 1 } };
  const opened = openWorkingFile(read.text);
  if (!opened.editable) {
    const problem = opened.diagnostics.find((d) => d.severity === 'error') ?? { severity: 'error', code: 'unreadable', message: 'The file cannot be read.', path: '', line: 1, column: 1 };
    return { ok: false, problem };
  }
  const trees = readTrees(opened.data);
  const report = runChecks(opened.data, trees);
  const by = new Map(readDismissals(opened.data).map((d) => [`${d.check} ${d.ref}`, d.by]));
  const place = (finding: ReasoningFinding, dismissed: boolean): Note => {
    const { line, column } = opened.source.locate(finding.path);
    const who = by.get(`${finding.check} ${finding.ref}`);
    const message = dismissed ? `(dismissed${who ? ` by ${who}` : ''}) ${finding.message}` : finding.message;
    const inBacklog = existingEntry(finding, trees) !== undefined;
    return { severity: 'note', code: finding.check, message, path: pathText(finding), line, column, tree: finding.tree, ref: finding.ref, work: finding.work, inBacklog };
  };
  const byLine = (a: Note, b: Note) => a.line - b.line || a.column - b.column;
  return {
    ok: true,
    valid: opened.valid,
    errors: opened.diagnostics.filter((d) => d.severity === 'error').length,
    findings: report.findings.map((f) => place(f, false)).sort(byLine),
    dismissed: report.dismissed.map((f) => place(f, true)).sort(byLine),
  };
}

function pathText(finding: ReasoningFinding): string {
  const [, tree, list, index] = finding.path;
  return `trees.${tree}.${list}[${index}]`;
}

export async function checkCommand(argv: readonly string[], io: CommandIO): Promise<number> {
  const args = parseArgs(argv, { withValue: [], switches: ['--json', '--dismissed', '--new', '--help'] });
  if (args.switches.has('--help')) {
    io.out(CHECK_HELP);
    return 0;
  }
  if (args.positional.length === 0) {
    io.err('causeway check: name at least one file\n');
    io.err(CHECK_HELP);
    return 2;
  }
  const json = args.switches.has('--json');
  const showDismissed = args.switches.has('--dismissed');
  const onlyNew = args.switches.has('--new');
  const shownHere = (notes: Note[]) => (onlyNew ? notes.filter((n) => !n.inBacklog) : notes);
  let failed = 0;
  let notes = 0;
  let queued = 0;
  let dismissed = 0;
  let invalid = 0;
  for (const file of args.positional) {
    const result = await checkReasoning(file);
    if (!result.ok) {
      failed++;
      const d = result.problem;
      if (json) io.out(JSON.stringify({ file, valid: false, error: { code: d.code, message: d.message, line: d.line, column: d.column }, findings: [], dismissed: [] }));
      else io.out(`${file}:${d.line}:${d.column}: error ${d.code} ${d.message}`);
      continue;
    }
    notes += result.findings.length;
    queued += result.findings.filter((n) => n.inBacklog).length;
    dismissed += result.dismissed.length;
    if (!result.valid) invalid++;
    if (json) {
      io.out(JSON.stringify({ file, valid: result.valid, findings: shownHere(result.findings), dismissed: shownHere(result.dismissed) }));
      continue;
    }
    const listed = showDismissed ? [...result.findings, ...result.dismissed].sort((a, b) => a.line - b.line || a.column - b.column) : result.findings;
    for (const n of shownHere(listed)) io.out(`${file}:${n.line}:${n.column}: note ${n.code} ${n.inBacklog ? '(in backlog) ' : ''}${n.message}`);
  }
  if (!json) {
    const files = args.positional.length;
    const parts = [noteCount(notes, queued, onlyNew)];
    if (dismissed > 0) parts.push(`${dismissed} dismissed${showDismissed ? '' : ' (not shown; --dismissed lists them)'}`);
    if (failed > 0) parts.push(`${failed} could not be read`);
    if (invalid > 0) parts.push(`${invalid === files ? (files === 1 ? 'the file has' : 'every file has') : `${invalid} ${invalid === 1 ? 'file has' : 'files have'}`} format errors (run causeway validate)`);
    io.out(`${files} file${files === 1 ? '' : 's'} checked: ${parts.join('; ')}.`);
  }
  return failed > 0 ? 1 : 0;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** "12 notes, 5 of them in backlog", or with --new "7 new notes; 5 in backlog (not shown; …)". */
function noteCount(notes: number, queued: number, onlyNew: boolean): string {
  if (onlyNew) return `${count(notes - queued, 'new note')}${queued > 0 ? `; ${queued} in backlog (not shown; without --new they are listed)` : ''}`;
  return `${count(notes, 'note')}${queued > 0 ? `, ${queued} of them in backlog` : ''}`;
}
