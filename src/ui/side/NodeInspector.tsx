// Everything about one node: what it says, its status, who had the idea, what it rests on and
// what challenges it, where it traces to and from, its backlog, and deleting it.
import type { DrawableNode, DrawableTree } from '../../format';
import { kindLabel, treeLabel } from '../words';
import { BackReferences } from './BackReferences';
import { ContributionsEditor } from './ContributionsEditor';
import { DeleteItem } from './DeleteItem';
import { ItemBacklog } from './ItemBacklog';
import { ItemYaml } from './ItemYaml';
import { ItemHeader } from './ItemHeader';
import { contributionsOf, notesOf } from './items';
import { NodeFields } from './NodeFields';
import { NotesEditor } from './NotesEditor';
import { StatusActions } from './StatusActions';
import { TracesEditor } from './TracesEditor';
import { useRawItem } from './use-document';

export function NodeInspector({ node, tree }: { node: DrawableNode; tree: DrawableTree }) {
  const raw = useRawItem(tree, 'nodes', node.index);
  return (
    <div className="cw-side-inspector" data-inspecting={node.id}>
      <ItemHeader what="Node" id={node.id} note={`${kindLabel(node.kind)} · ${treeLabel(tree.key)}`} />
      <NodeFields node={node} tree={tree.key} />
      <StatusActions id={node.id} status={node.status} acceptedBy={node.acceptedBy} />
      <ContributionsEditor itemId={node.id} contributions={contributionsOf(raw)} />
      <NotesEditor itemId={node.id} list="assumptions" notes={notesOf(raw, 'assumptions')} />
      <NotesEditor itemId={node.id} list="challenges" notes={notesOf(raw, 'challenges')} />
      <TracesEditor node={node} />
      <BackReferences nodeId={node.id} />
      <ItemBacklog itemId={node.id} tree={tree} />
      <ItemYaml id={node.id} item={raw} what="node" />
      <DeleteItem id={node.id} kind="node" />
    </div>
  );
}
