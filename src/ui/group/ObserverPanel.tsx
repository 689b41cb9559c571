// An observer's side column: they follow the session and change nothing, and read here everything
// about the card or link they select (what it says, its status and endorsers, who had the idea,
// what it rests on and what challenges it, its backlog, its other fields), without a control.
import type { DrawableLink, DrawableNode, DrawableTree, Json, NoteList } from '../../format';
import { useDocumentStore } from '../../store/document-store';
import { BackReferences } from '../side/BackReferences';
import { ContributionsShown } from '../side/ContributionsEditor';
import { ItemYaml } from '../side/ItemYaml';
import { ItemHeader } from '../side/ItemHeader';
import { ItemRef } from '../side/ItemRef';
import { contributionsOf, findDrawn, notesOf } from '../side/items';
import { PanelSection } from '../side/PanelSection';
import { AuthorShown } from '../side/PeoplePicker';
import { BacklogWork } from '../side/ItemBacklog';
import { EndorsementRecord } from '../side/StatusActions';
import { StatusTag } from '../side/StatusTag';
import { useRawItem, useTrees } from '../side/use-document';
import { kindLabel, relationLabel, termTip, treeLabel } from '../words';

export function ObserverPanel() {
  const selected = useDocumentStore((s) => s.view.selection.nodes[0] ?? s.view.selection.links[0]);
  const trees = useTrees();
  const found = selected === undefined ? undefined : findDrawn(trees, selected);
  return (
    <aside className="cw-side-panel cw-observer-note" aria-label="Observer" data-testid="observer-panel">
      <h2>Observing</h2>
      <p>You follow this session as an observer: you see every change as it is made, and cannot change anything.</p>
      {found ? (
        found.kind === 'node' ? (
          <NodeReading key={found.node.id} node={found.node} tree={found.tree} />
        ) : (
          <LinkReading key={found.link.id} link={found.link} tree={found.tree} />
        )
      ) : (
        <p className="cw-side-hint">Select a card or a link to read it here: its status, who had the idea, its assumptions and challenges.</p>
      )}
    </aside>
  );
}

function NodeReading({ node, tree }: { node: DrawableNode; tree: DrawableTree }) {
  const raw = useRawItem(tree, 'nodes', node.index);
  return (
    <div className="cw-side-inspector" data-reading={node.id}>
      <ItemHeader what="Node" id={node.id} note={`${kindLabel(node.kind)} · ${treeLabel(tree.key)}`} />
      <p className="cw-reading-text" dir="auto">
        {node.text}
      </p>
      <ItemReading id={node.id} status={node.status} acceptedBy={node.acceptedBy} raw={raw} tree={tree} what="node" />
      <BackReferences nodeId={node.id} />
    </div>
  );
}

function LinkReading({ link, tree }: { link: DrawableLink; tree: DrawableTree }) {
  const raw = useRawItem(tree, 'links', link.index);
  return (
    <div className="cw-side-inspector" data-reading={link.id}>
      <ItemHeader what={link.from.length > 1 ? 'AND link' : 'Link'} id={link.id} note={treeLabel(tree.key)} />
      <PanelSection title={link.from.length > 1 ? 'From (together)' : 'From'}>
        <ul className="cw-side-list">
          {link.from.map((id) => (
            <li key={id} className="cw-side-ref-row">
              <ItemRef id={id} />
            </li>
          ))}
        </ul>
      </PanelSection>
      <PanelSection title={relationLabel(link.relation)} titleTip={termTip('relation', link.relation)}>
        {link.to ? (
          <ul className="cw-side-list">
            <li className="cw-side-ref-row">
              <ItemRef id={link.to} />
            </li>
          </ul>
        ) : (
          <p className="cw-side-hint">a node not in this tree</p>
        )}
      </PanelSection>
      <ItemReading id={link.id} status={link.status} acceptedBy={link.acceptedBy} raw={raw} tree={tree} what="link" />
    </div>
  );
}

/** What a node and a link share: status and endorsers, contributions, notes, backlog, other fields. */
function ItemReading({ id, status, acceptedBy, raw, tree, what }: { id: string; status: DrawableNode['status']; acceptedBy: string[]; raw: Record<string, Json> | undefined; tree: DrawableTree; what: 'node' | 'link' }) {
  const backlog = tree.backlog.filter((entry) => entry.ref === id);
  return (
    <>
      <PanelSection title="Status">
        <StatusTag status={status} />
        <EndorsementRecord status={status} acceptedBy={acceptedBy} />
      </PanelSection>
      <ContributionsShown contributions={contributionsOf(raw)} />
      <NotesReading list="assumptions" raw={raw} />
      <NotesReading list="challenges" raw={raw} />
      {backlog.length > 0 && (
        <PanelSection title="Backlog" count={backlog.length} testId="item-backlog">
          <ul className="cw-side-list">
            {backlog.map((entry) => (
              <li key={entry.index}>
                <BacklogWork entry={entry} />
              </li>
            ))}
          </ul>
        </PanelSection>
      )}
      <ItemYaml id={id} item={raw} what={what} readOnly />
    </>
  );
}

function NotesReading({ list, raw }: { list: NoteList; raw: Record<string, Json> | undefined }) {
  const notes = notesOf(raw, list);
  if (notes.length === 0) return null;
  return (
    <PanelSection title={list === 'assumptions' ? 'Assumptions' : 'Challenges'} count={notes.length} testId={list}>
      <ol className="cw-side-list">
        {notes.map((note) => (
          <li key={note.index} className="cw-side-note">
            <p className="cw-side-note-text" dir="auto">
              {note.text}
            </p>
            <AuthorShown label="By" id={note.by} />
          </li>
        ))}
      </ol>
    </PanelSection>
  );
}
