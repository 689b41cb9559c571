// Several nodes and links selected: list them and accept them together as one fragment. A link
// whose ends are neither accepted nor in the fragment is named before the user tries.
import { useEffect, useRef } from 'react';
import { endsNeededToAccept } from '../../format';
import { commands } from '../../store/commands';
import { plural } from '../words';
import { focusFirstIn, useInspectorIntent } from './inspector-intent';
import { ItemRef } from './ItemRef';
import { PanelSection } from './PanelSection';
import { EndorserChoice, useEndorsers } from './PeoplePicker';
import { useWorkingFile } from './use-document';

export function FragmentInspector({ nodes, links }: { nodes: string[]; links: string[] }) {
  const file = useWorkingFile();
  const [endorsers, setEndorsers] = useEndorsers();
  const ids = [...nodes, ...links];
  const missing = endsNeededToAccept(file, ids);
  const acceptForm = useRef<HTMLFormElement>(null);
  const request = useInspectorIntent((s) => s.request);
  useEffect(() => {
    if (request?.intent !== 'accept' || request.id !== 'fragment') return;
    useInspectorIntent.getState().done();
    focusFirstIn(acceptForm.current);
  }, [request]);
  return (
    <div className="cw-side-inspector" data-inspecting="fragment">
      <header className="cw-side-title">
        <h2>{plural(ids.length, 'item')} selected</h2>
        <span className="cw-side-title-note">
          {plural(nodes.length, 'node')}, {plural(links.length, 'link')}
        </span>
      </header>
      <PanelSection title="Selected" count={ids.length} testId="fragment-items">
        <ul className="cw-side-list">
          {ids.map((id) => (
            <li key={id} className="cw-side-ref-row">
              <ItemRef id={id} />
            </li>
          ))}
        </ul>
      </PanelSection>
      <PanelSection title="Accept as one fragment">
        <form
          ref={acceptForm}
          className="cw-side-form"
          aria-label="Accept the selected items together"
          onSubmit={(event) => {
            event.preventDefault();
            commands.accept(ids, endorsers);
          }}
        >
          {missing.length > 0 && (
            <p className="cw-side-hint is-warning" data-testid="fragment-missing">
              Not accepted and not selected: {missing.join(', ')}. A link is accepted only with its ends; add them to the selection (Shift-click).
            </p>
          )}
          <EndorserChoice legend="Who endorses them?" name="endorse-fragment" value={endorsers} onChange={setEndorsers} />
          <div className="cw-side-actions">
            <button type="submit" className="cw-button cw-button-primary">
              Accept these {ids.length} items together
            </button>
          </div>
        </form>
      </PanelSection>
    </div>
  );
}
