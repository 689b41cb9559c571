// A link's relation (the tree's own relations and the usual ones offered, free text allowed) and
// its ends: sources act together (AND), and a source can leave the AND in one click.
import { useEffect, useId, useRef, useState } from 'react';
import type { DrawableLink, DrawableTree } from '../../format';
import { relationChoices, suggestRelation } from '../../format';
import { useDocumentStore } from '../../store/document-store';
import { commands } from '../../store/commands';
import { relationLabel } from '../words';
import { rawList } from './items';
import { ItemRef } from './ItemRef';
import { KeepAcceptedChoice } from './KeepAcceptedChoice';
import { PanelSection } from './PanelSection';
import { useDraft } from './use-draft';

export function LinkFields({ link, tree }: { link: DrawableLink; tree: DrawableTree }) {
  const links = useDocumentStore((s) => rawList(s.document?.data, tree.key, 'links'));
  const [endorsers, setEndorsers] = useState<string[]>([]);
  const accepted = link.status === 'accepted';
  const endorsedBy = accepted && endorsers.length > 0 ? endorsers : undefined;
  const relation = useDraft(link.relation, (value) => commands.changeLink(link.id, { relation: value }, endorsedBy).ok);
  const listId = useId();
  const kindOf = (id: string | undefined) => tree.nodes.find((n) => n.id === id)?.kind ?? '';
  const target = kindOf(link.to);
  const suggested = [...new Set(link.from.map((source) => suggestRelation(tree.key, kindOf(source), target, links)))];
  const offer = suggested.filter((s) => s !== link.relation);
  // A link just made (by dragging) has its relation ready to change at once.
  const justMade = useDocumentStore((s) => (s.view.focus?.onlyIfHidden && s.view.focus.id === link.id ? s.view.focus.nonce : undefined));
  const relationInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (justMade === undefined) return;
    relationInput.current?.focus();
    relationInput.current?.select();
  }, [justMade]);
  return (
    <>
      <div className="cw-side-fields">
        <label className="cw-side-field">
          <span>Relation (read from source to target)</span>
          <input ref={relationInput} type="text" list={listId} value={relation.value} onChange={(event) => relation.change(event.target.value)} aria-invalid={relation.blank} data-testid="link-relation" />
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
        {accepted && <KeepAcceptedChoice id={link.id} value={endorsers} onChange={setEndorsers} what="relation" />}
      </div>
      <PanelSection title={link.from.length > 1 ? 'Sources (together, AND)' : 'Source'} count={link.from.length} testId="link-sources">
        <ul className="cw-side-list">
          {link.from.map((source) => (
            <li key={source} className="cw-side-ref-row">
              <ItemRef id={source} />
              {link.from.length > 1 && (
                <button type="button" className="cw-button cw-button-small" onClick={() => commands.removeSourceFromLink(link.id, source)} aria-label={`Remove ${source} from this AND`}>
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
