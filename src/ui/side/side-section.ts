// Which part of the side panel is showing. Selecting on the canvas brings the inspector up; a
// jump made from a panel list (backlog, problems) keeps that list open so the user can go on.
import { create } from 'zustand';
import { useDocumentStore } from '../../store/document-store';

export const SECTIONS = ['conflicts', 'inspector', 'backlog', 'checks', 'history', 'turns', 'read-through', 'participants', 'trees', 'problems'] as const;
export type Section = (typeof SECTIONS)[number];

export const SECTION_LABEL: Record<Section, string> = {
  conflicts: 'Conflicts',
  inspector: 'Inspector',
  turns: 'Turns',
  'read-through': 'Read-through',
  backlog: 'Backlog',
  checks: 'Checks',
  history: 'History',
  participants: 'People',
  trees: 'Trees',
  problems: 'Problems',
};

interface SideSectionState {
  section: Section;
  /** Set while a panel list moves the selection, so the selection change does not switch away. */
  keep: boolean;
  show(section: Section): void;
}

export const useSideSection = create<SideSectionState>((set) => ({
  section: 'inspector',
  keep: false,
  show: (section) => set({ section }),
}));

/** Selects and centres an item from a panel list, staying in that list. */
export function jumpFromList(id: string): void {
  const { document, view } = useDocumentStore.getState();
  const exists = document?.trees.some((t) => t.nodes.some((n) => n.id === id) || t.links.some((l) => l.id === id));
  const already = view.selection.nodes.length + view.selection.links.length === 1 && (view.selection.nodes[0] ?? view.selection.links[0]) === id;
  // Flag only a jump that will change the selection, so the flag never outlives it.
  if (exists && !already) useSideSection.setState({ keep: true });
  useDocumentStore.getState().focusItem(id);
}

/** Selects and centres an item from the inspector (a trace, a source): the inspector follows. */
export function jumpTo(id: string): void {
  useDocumentStore.getState().focusItem(id);
}
