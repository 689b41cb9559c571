// The read-through as Markdown: each tree's sentences in reading order, each with its
// assumptions ("because …"), challenges, status and who endorsed it. The whole tree, or its
// accepted view. Node text is the user's: every character Markdown would read as markup is
// escaped, so it renders as written.
import { TREE_NAMES, acceptedView, displayName, readTrees, type Json, type TreeKey } from '../../format';
import { joinAnd, readTree, type ReadingStep } from './reading';

export interface ReadThroughOptions {
  /** Only the accepted view of each tree (FORMAT.md §9). */
  acceptedOnly?: boolean;
  /** One tree instead of all. */
  tree?: TreeKey;
  /** The document's heading; the project's name by default. */
  title?: string;
}

/** Backslash-escapes what Markdown would otherwise read as formatting or HTML. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|~#&!]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
}

export function statusLine(step: Pick<ReadingStep, 'status' | 'endorsedBy'>): string {
  if (step.status === 'accepted') return step.endorsedBy.length > 0 ? `✓ Accepted by ${joinAnd(step.endorsedBy)}` : '✓ Accepted';
  return step.status === 'disputed' ? '! Disputed' : '? Proposed';
}

export function readThroughMarkdown(data: Json, options: ReadThroughOptions = {}): string {
  const project = data && typeof data === 'object' && !Array.isArray(data) && typeof data.project === 'string' ? data.project : 'Working file';
  const nameOf = (id: string) => displayName(data, id);
  const lines = [
    `# ${escapeMarkdown(options.title ?? project)} — read-through`,
    '',
    'Each tree read aloud in its reading order. Stop at every "because" and ask whether it holds.',
    options.acceptedOnly ? 'Showing the accepted reasoning only.' : 'Showing every item: accepted, proposed and disputed.',
  ];
  for (const drawn of readTrees(data)) {
    if (options.tree && drawn.key !== options.tree) continue;
    const tree = options.acceptedOnly ? acceptedView(drawn) : drawn;
    lines.push('', `## ${TREE_NAMES[tree.key]}`, '');
    const { steps } = readTree(tree, nameOf);
    if (steps.length === 0) {
      lines.push(options.acceptedOnly ? '_Nothing accepted in this tree yet._' : '_No reasoning in this tree yet._');
      continue;
    }
    steps.forEach((step, index) => {
      lines.push(`${index + 1}. ${escapeMarkdown(step.sentence)}`);
      for (const note of step.because) lines.push(`   - because ${escapeMarkdown(note.text)} — ${escapeMarkdown(note.by)}`);
      for (const note of step.challenges) lines.push(`   - challenge: ${escapeMarkdown(note.text)} — ${escapeMarkdown(note.by)}`);
      lines.push(`   - ${statusLine(step).replace(/[\\`*_[\]<>|~#&]/g, (c) => `\\${c}`)}`);
    });
  }
  return `${lines.join('\n')}\n`;
}
