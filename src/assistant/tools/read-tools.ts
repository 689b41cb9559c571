// The tools that read: the file's summary, a tree, an item in its context, the backlog, the
// history, the reasoning checks and the format's validation. Reading marks the version the
// assistant's next change is made on.
import { join } from 'node:path';
import { TREE_NAMES, acceptedProjection, changedTrees, checkHistory, displayName, isObject, planSnapshot, readTrees, type Json, type Snapshot, type WorkingFile } from '../../format';
import { readHistoryFiles } from '../../disk/history-on-disk';
import { runChecks } from '../../reasoning';
import { describeItem, describeTree, quote } from '../describe';
import { SeatRefusal } from '../file-seat';
import { itemId, treeKey } from '../inputs';
import { checkReference, defineTool } from './tool';

function participantsLine(data: WorkingFile): string {
  const participants = isObject(data.participants) ? (data.participants as Record<string, unknown>) : {};
  const names = Object.keys(participants).map((id) => `${id} (${displayName(data as Json, id)}${id === data.driver ? ', driver' : ''})`);
  return `Participants: ${names.join(', ') || '(none)'}. The assistant is not a participant and never endorses.`;
}

export const readTools = [
  defineTool({
    name: 'list_files',
    title: 'List the working files',
    description: 'Lists the working files this server may read and change (one file, or those of its folder).',
    input: {},
    readOnly: true,
    workspaceOnly: true,
    async run(_args, _seat, context) {
      const files = await context.workspace.list();
      return { text: files.length ? `Working files: ${files.join(', ')}` : 'No working files yet: create_file makes one.', data: { files } };
    },
  }),

  defineTool({
    name: 'summary',
    title: 'Summary of the file',
    description: 'The file at a glance: project, participants and driver, active tree, each tree’s nodes and links by status and its backlog, validity, and accepted changes not yet recorded in history. Start here.',
    input: {},
    readOnly: true,
    async run(_args, seat) {
      const reading = await seat.read();
      const data = reading.data;
      const errors = reading.opened.diagnostics.filter((d) => d.severity === 'error');
      const lines = [
        `${typeof data.project === 'string' ? `Project: ${quote(data.project)}. ` : ''}${reading.opened.version.kind === 'unversioned' ? 'An unversioned draft (items without status read as proposed; the first change makes it version 1).' : 'Conversational YAML v1.'} ${errors.length ? `${errors.length} error${errors.length === 1 ? '' : 's'} (validate lists them).` : 'Valid.'}`,
        participantsLine(data),
        `Active tree: ${String(data.active_tree)}.`,
        'Trees:',
      ];
      for (const tree of readTrees(data as Json)) {
        const count = (items: { status: string }[]) => {
          const by = (status: string) => items.filter((i) => i.status === status).length;
          return `${items.length} (${by('accepted')} accepted, ${by('proposed')} proposed, ${by('disputed')} disputed)`;
        };
        lines.push(`- ${tree.key} (${TREE_NAMES[tree.key]}): nodes ${count(tree.nodes)}, links ${count(tree.links)}, backlog ${tree.backlog.length}`);
      }
      const history = await readHistory(await seat.outputFolder());
      if (history.problem) lines.push(`History: cannot be read (${history.problem}).`);
      else {
        const latest = history.snapshots.at(-1);
        const pending = changedTrees(latest?.projection ?? {}, acceptedProjection(data as Json));
        lines.push(`History: ${history.snapshots.length} snapshot${history.snapshots.length === 1 ? '' : 's'}${latest ? ` (latest: revision ${latest.revision})` : ''}. ${pending.length ? `Accepted changes not yet recorded: ${pending.join(', ')} (record_snapshot records them).` : 'Nothing accepted waits to be recorded.'}`);
      }
      const mode = seat.mode;
      lines.push(mode.kind === 'session' ? `Working live in the group session of ${mode.label}: your changes reach every open editor at once, and the people see you in their presence strip.` : 'Working on the file itself (no causeway open group session runs on it on this machine).');
      return { text: lines.join('\n') };
    },
  }),

  defineTool({
    name: 'read_tree',
    title: 'Read a tree',
    description: 'Every node (id, kind, status, endorsers, text, who had the idea, assumptions, challenges, traces), every link (sources → target, relation, status) and the backlog of one tree.',
    input: { tree: treeKey },
    readOnly: true,
    async run(args, seat) {
      const reading = await seat.read();
      const tree = readTrees(reading.data as Json).find((t) => t.key === args.tree);
      if (!tree) throw new SeatRefusal(`The file has no ${args.tree} tree yet (add_tree adds it).`);
      return { text: describeTree(reading.data, tree) };
    },
  }),

  defineTool({
    name: 'read_item',
    title: 'Read a node or link in context',
    description: 'One node or link with its context: its links in and out with the texts at their other ends, its backlog, its notes and the traces that name it.',
    input: { id: itemId },
    readOnly: true,
    async run(args, seat) {
      const reading = await seat.read();
      checkReference(reading.data, args.id);
      const text = describeItem(reading.data, args.id);
      if (!text) throw new SeatRefusal(`There is no node or link ${args.id}.`);
      return { text };
    },
  }),

  defineTool({
    name: 'read_backlog',
    title: 'Read the backlog',
    description: 'The remaining reasoning work of one tree, or of every tree.',
    input: { tree: treeKey.optional() },
    readOnly: true,
    async run(args, seat) {
      const reading = await seat.read();
      const trees = readTrees(reading.data as Json).filter((t) => args.tree === undefined || t.key === args.tree);
      if (args.tree && trees.length === 0) throw new SeatRefusal(`The file has no ${args.tree} tree.`);
      const lines: string[] = [];
      for (const tree of trees) {
        lines.push(`${TREE_NAMES[tree.key]} (${tree.key}):`);
        if (tree.backlog.length === 0) lines.push('  (nothing)');
        const textOf = (id: string) => tree.nodes.find((n) => n.id === id)?.text;
        for (const entry of tree.backlog) lines.push(`  ${entry.ref}: ${entry.work}${entry.note ? ` — ${quote(entry.note, 300)}` : ''}${textOf(entry.ref) ? ` (on ${quote(textOf(entry.ref)!, 80)})` : ''}`);
      }
      return { text: lines.join('\n') };
    },
  }),

  defineTool({
    name: 'read_history',
    title: 'Read the accepted history',
    description: 'The snapshots of accepted reasoning recorded beside the file (revision, time, driver, summary, trees changed), and which accepted changes are not recorded yet.',
    input: {},
    readOnly: true,
    async run(_args, seat) {
      const reading = await seat.read();
      const history = await readHistory(await seat.outputFolder());
      if (history.problem) return { text: `The history cannot be read: ${history.problem}` };
      const lines = history.snapshots.length ? history.snapshots.map((s) => `r${s.revision}: ${s.change?.at ?? '?'} by ${s.change?.driver ?? '?'} — ${s.change?.summary ?? ''} (${(s.change?.trees ?? []).join(', ')})`) : ['No snapshots yet.'];
      const plan = planSnapshot(reading.data as Json, history.snapshots, { now: new Date() });
      lines.push(plan.changedTrees.length ? `Not recorded yet: accepted changes in ${plan.changedTrees.join(', ')}.` : 'Everything accepted is recorded.');
      return { text: lines.join('\n') };
    },
  }),

  defineTool({
    name: 'check_reasoning',
    title: 'Reasoning checks',
    description: 'Advice on where the reasoning is thin (an effect with no cause, a lone cause, a link with no assumption, a cloud missing a part…), as the editor’s Checks panel shows it. Notes, not errors; ask the group before acting on them.',
    input: { tree: treeKey.optional() },
    readOnly: true,
    async run(args, seat) {
      const reading = await seat.read();
      const report = runChecks(reading.data as Json);
      const findings = report.findings.filter((f) => args.tree === undefined || f.tree === args.tree);
      const lines = findings.length ? findings.map((f) => `- [${f.tree}] ${f.ref}: ${f.message} (suggested backlog work: ${f.work})`) : ['No findings.'];
      if (report.dismissed.length) lines.push(`(${report.dismissed.length} finding${report.dismissed.length === 1 ? '' : 's'} set aside by the people are not listed.)`);
      return { text: lines.join('\n'), data: { findings: findings.map((f) => ({ check: f.check, tree: f.tree, ref: f.ref, message: f.message, work: f.work })) } };
    },
  }),

  defineTool({
    name: 'validate',
    title: 'Validate the file',
    description: 'Checks the file against every rule of Conversational YAML v1, as `causeway validate` does: each problem with its line, column and path.',
    input: {},
    readOnly: true,
    async run(_args, seat) {
      const reading = await seat.read();
      const diagnostics = reading.opened.diagnostics;
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      const lines = diagnostics.map((d) => `${d.line}:${d.column}: ${d.severity} ${d.code} ${d.message}${d.path ? ` (${d.path})` : ''}`);
      lines.push(errors === 0 ? `Valid${diagnostics.length ? `, with ${diagnostics.length} warning${diagnostics.length === 1 ? '' : 's'}` : ''}.` : `${errors} error${errors === 1 ? '' : 's'}.`);
      return { text: lines.join('\n'), data: { valid: errors === 0, diagnostics } };
    },
  }),
];

/** The history beside the file, checked; a problem instead when it cannot be trusted. */
export async function readHistory(output: string): Promise<{ snapshots: Snapshot[]; problem?: string }> {
  try {
    const check = checkHistory(await readHistoryFiles(join(output, 'history')));
    if (!check.ok) return { snapshots: [], problem: check.problems.join('; ') };
    return { snapshots: check.snapshots };
  } catch (error) {
    return { snapshots: [], problem: error instanceof Error ? error.message : String(error) };
  }
}
