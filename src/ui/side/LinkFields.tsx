// A link's relation (the tree's own relations and the usual ones offered, free text allowed) and
// its ends: sources act together (AND), and a source can leave the AND in one click.
import { useEffect, useId, useState } from 'react';
import type { DrawableLink, DrawableTree } from '../../format';
import { relationChoices, suggestRelation } from '../../format';
import { useDocumentStore } from '../../store/document-store';
import { commands, editLabel } from '../../store/commands';
import { relationLabel } from '../words';
import { useKeepAccepted } from './use-keep-accepted';
import { rawList } from './items';
import { ItemRef } from './ItemRef';
import { KeepAcceptedChoice } from './KeepAcceptedChoice';
import { PanelSection } from './PanelSection';
import { useDraft } from './use-draft';

export function LinkFields({ link, tree }: { link: DrawableLink; tree: DrawableTree }) {
  const links = useDocumentStore((s) => rawList(s.document?.data, tree.key, 'links'));
  const accepted = link.status === 'accepted';
  // The sources it had when it was selected: leaving the AND is one of this panel's own edits.
  const [sourcesAtStart] = useState(link.from);
  const labels = [editLabel.link(link.id), ...sourcesAtStart.map((source) => editLabel.leaveLink(link.id, source))];
  const keep = useKeepAccepted(
    link.id,
    accepted,
    () => {
      const now = useDocumentStore.getState().document?.trees.flatMap((t) => t.links).find((l) => l.id === link.id) ?? link;
      return (endorsers) => commands.changeLink(link.id, { relation: now.relation, from: now.from }, endorsers);
    },
    labels,
  );
  const relation = useDraft(
    link.relation,
    (value) => {
      keep.beforeChange();
      return commands.changeLink(link.id, { relation: value }, keep.endorsedBy).ok;
    },
    labels,
  );
  const listId = useId();
  const kindOf = (id: string | undefined) => tree.nodes.find((n) => n.id === id)?.kind ?? '';
  const target = kindOf(link.to);
  const suggested = [...new Set(link.from.map((source) => suggestRelation(tree.key, kindOf(source), target, links)))];
  const offer = suggested.filter((s) => s !== link.relation);
  // A link just made (by dragging) has its relation ready to change at once.
  const justMade = useDocumentStore((s) => (s.view.focus?.onlyIfHidden && s.view.focus.id === link.id ? s.view.focus.nonce : undefined));
  useEffect(() => {
    if (justMade === undefined) return;
    relation.keys.ref.current?.focus();
    relation.keys.ref.current?.select();
  }, [justMade]);
  return (
    <>
      <div className="cw-side-fields">
        <label className="cw-side-field">
          <span>Relation (read from source to target)</span>
          <input type="text" list={listId} value={relation.value} onChange={(event) => relation.change(event.target.value)} {...relation.keys} aria-invalid={relation.blank} data-testid="link-relation" />
          <datalist id={listId}>
            {[...new Set([...suggested, ...relationChoices(links)])].map((choice) => (
              <option key={choice} value={choice}>
                {relationLabel(choice)}
              </option>
            ))}
          </datalist>
        </label>
        {relation.blank && (
          <p className="cw-side-hint is-warning" role="status">
            Name the relation; the file keeps the last one.
          </p>
        )}
        {offer.length > 0 && (
          <p className="cw-side-hint">
            Suggested from the kinds of its ends:{' '}
            {offer.map((s) => (
              <button key={s} type="button" className="cw-button cw-button-small" onClick={() => relation.change(s)}>
                {s}
              </button>
            ))}
          </p>
        )}
        <KeepAcceptedChoice id={link.id} keep={keep} accepted={accepted} what="relation or sources" />
      </div>
      <PanelSection title={link.from.length > 1 ? 'Sources (together, AND)' : 'Source'} count={link.from.length} testId="link-sources">
        <ul className="cw-side-list">
          {link.from.map((source) => (
            <li key={source} className="cw-side-ref-row">
              <ItemRef id={source} />
              {link.from.length > 1 && (
                <button type="button" className="cw-button cw-button-small" onClick={() => {
                    keep.beforeChange();
                    commands.removeSourceFromLink(link.id, source, keep.endorsedBy);
                  }} aria-label={`Remove ${source} from this AND`}>
                  Remove from AND
                </button>
              )}
            </li>
          ))}
        </ul>
      </PanelSection>
      <PanelSection title="Target" testId="link-target">
        {link.to ? <ItemRef id={link.to} /> : <p className="cw-side-hint is-warning">The target is not a node of this tree.</p>}
      </PanelSection>
    </>
  );
}
