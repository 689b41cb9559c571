// Everything about one link (or AND junction): relation and ends, status, notes, who had the
// idea, its backlog, and deleting it.
import type { DrawableLink, DrawableTree } from '../../format';
import { treeLabel } from '../words';
import { ContributionsEditor } from './ContributionsEditor';
import { DeleteItem } from './DeleteItem';
import { ItemBacklog } from './ItemBacklog';
import { ItemYaml } from './ItemYaml';
import { ItemHeader } from './ItemHeader';
import { contributionsOf, notesOf } from './items';
import { LinkFields } from './LinkFields';
import { NotesEditor } from './NotesEditor';
import { StatusActions } from './StatusActions';
import { useRawItem } from './use-document';

export function LinkInspector({ link, tree }: { link: DrawableLink; tree: DrawableTree }) {
  const raw = useRawItem(tree, 'links', link.index);
  return (
    <div className="cw-side-inspector" data-inspecting={link.id}>
      <ItemHeader what={link.from.length > 1 ? 'AND link' : 'Link'} id={link.id} note={treeLabel(tree.key)} />
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
