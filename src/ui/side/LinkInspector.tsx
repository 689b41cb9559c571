// Everything about one link (or AND junction): relation and ends, status, notes, who had the
// idea, its backlog, and deleting it.
import type { DrawableLink, DrawableTree } from '../../format';
import { useDocumentStore } from '../../store/document-store';
import { treeLabel } from '../words';
import { ContributionsEditor } from './ContributionsEditor';
import { DeleteItem } from './DeleteItem';
import { ItemBacklog } from './ItemBacklog';
import { ItemYaml } from './ItemYaml';
import { contributionsOf, notesOf, rawItem } from './items';
import { LinkFields } from './LinkFields';
import { NotesEditor } from './NotesEditor';
import { StatusActions } from './StatusActions';

export function LinkInspector({ link, tree }: { link: DrawableLink; tree: DrawableTree }) {
  const raw = useDocumentStore((s) => rawItem(s.document?.data, tree.key, 'links', link.index));
  return (
    <div className="cw-side-inspector" data-inspecting={link.id}>
      <header className="cw-side-title">
        <h2>
          {link.from.length > 1 ? 'AND link' : 'Link'} <code>{link.id}</code>
        </h2>
        <span className="cw-side-title-note">{treeLabel(tree.key)}</span>
      </header>
      <LinkFields link={link} tree={tree} />
      <StatusActions id={link.id} status={link.status} acceptedBy={link.acceptedBy} />
      <NotesEditor itemId={link.id} list="assumptions" notes={notesOf(raw, 'assumptions')} />
      <NotesEditor itemId={link.id} list="challenges" notes={notesOf(raw, 'challenges')} />
      <ContributionsEditor itemId={link.id} contributions={contributionsOf(raw)} />
      <ItemBacklog itemId={link.id} tree={tree} />
      <ItemYaml id={link.id} item={raw} what="link" />
      <DeleteItem id={link.id} kind="link" />
    </div>
  );
}
