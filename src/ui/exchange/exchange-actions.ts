// The editor's actions for other formats and for reading aloud: More → Export …, the
// read-through beside the diagram, and the presentation.
import type { DrawableTree } from '../../format';
import { usePresentation } from '../../store/presentation-store';
import { useDocumentStore } from '../../store/document-store';
import { useGroupStore } from '../../store/group/group-store';
import type { EditorAction } from '../commands/editor-actions';
import { bringSidePart } from '../shell/bring-side-part';
import { exportAs } from './export-as';

/** Why this page cannot present to everyone, or undefined when it can (the driver, with people invited). */
function cannotLead(): string | undefined {
  const { invited, invites } = useGroupStore.getState();
  if (invited) return 'Only the driver presents to everyone.';
  return invites.length > 0 ? undefined : 'Presenting to everyone is for a group session: invite people first (People panel).';
}

export function exchangeActions(ctx: { noDocument: string | undefined; tree: DrawableTree | undefined }): EditorAction[] {
  const { noDocument } = ctx;
  const noTree = noDocument ?? (ctx.tree ? undefined : 'No tree to show.');
  return [
    { id: 'export-html', label: 'Export a one-file HTML page (every tree, find, read-through)', group: 'File', unavailable: noDocument, keywords: ['share', 'web', 'page', 'sponsor'], run: () => void exportAs('html') },
    { id: 'export-markdown', label: 'Export the read-through (Markdown)', group: 'File', unavailable: noDocument, keywords: ['sentences', 'read aloud', 'text'], run: () => void exportAs('markdown') },
    { id: 'export-markdown-accepted', label: 'Export the accepted read-through (Markdown)', group: 'File', unavailable: noDocument, keywords: ['sentences', 'read aloud', 'text'], run: () => void exportAs('markdown', true) },
    { id: 'export-mermaid', label: 'Export Mermaid flowcharts (for GitHub)', group: 'File', unavailable: noDocument, keywords: ['github', 'readme', 'diagram'], run: () => void exportAs('mermaid') },
    { id: 'export-ltp', label: 'Export for Reason Commons (.ltp.yaml)', group: 'File', unavailable: noDocument, keywords: ['reason commons', 'ltp', 'interchange'], run: () => void exportAs('ltp') },
    { id: 'export-logicx', label: 'Export for Flying Logic (.logicx)', group: 'File', unavailable: noDocument, keywords: ['flying logic', 'xml'], run: () => void exportAs('logicx') },
    { id: 'read-through', label: 'Read this tree aloud (read-through beside the diagram)', group: 'View', keys: ['R'], unavailable: noTree, keywords: ['sentences', 'because', 'reservation'], run: () => bringSidePart('read-through') },
    {
      id: 'present',
      label: 'Present this tree (full screen, step by step)',
      group: 'View',
      keys: ['Shift+P'],
      unavailable: noTree,
      keywords: ['projector', 'slides', 'meeting'],
      run: () => {
        const tree = ctx.tree ?? useDocumentStore.getState().document?.trees[0];
        if (tree) usePresentation.getState().start(tree.key);
      },
    },
    {
      id: 'present-everyone',
      label: 'Present this tree to everyone in the session (each page follows)',
      group: 'View',
      unavailable: noTree ?? cannotLead(),
      keywords: ['group', 'follow', 'spotlight', 'lead', 'meeting'],
      run: () => {
        const tree = ctx.tree ?? useDocumentStore.getState().document?.trees[0];
        if (tree && cannotLead() === undefined) usePresentation.getState().start(tree.key, 0, true);
      },
    },
  ];
}
