// A node's cross-tree traces (addresses, derived from, implements): references to nodes of any
// tree, never causal arrows. Each one jumps to its node; new ones are found by id or text.
import { useId, useState } from 'react';
import { TRACE_FIELDS, type TraceField } from '../../format';
import type { DrawableNode } from '../../format';
import { commands } from '../../store/commands';
import { treeLabel, TRACE_LABEL } from '../words';
import { entryKey } from '../entry/text-entry';
import { AddDisclosure, CancelButton } from './AddDisclosure';
import { firstLine, searchNodes } from './items';
import { ItemRef } from './ItemRef';
import { PanelSection } from './PanelSection';
import { useTrees } from './use-document';

export function TracesEditor({ node }: { node: DrawableNode }) {
  return (
    <PanelSection title="Traces" count={node.traces.length} testId="traces">
      {TRACE_FIELDS.map((field) => {
        const targets = node.traces.filter((t) => t.field === field).map((t) => t.target);
        if (targets.length === 0) return null;
        return (
          <div key={field} className="cw-side-trace-group">
            <h4 className="cw-side-subheading">{capitalised(TRACE_LABEL[field])}</h4>
            <ul className="cw-side-list">
              {targets.map((target) => (
                <li key={target} className="cw-side-ref-row">
                  <ItemRef id={target} />
                  <button type="button" className="cw-button cw-button-small" onClick={() => commands.removeTrace(node.id, field, target)} aria-label={`Remove trace: ${node.id} ${TRACE_LABEL[field]} ${target}`}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      <AddDisclosure label="Add a trace">{(close) => <AddTrace node={node} onClose={close} />}</AddDisclosure>
    </PanelSection>
  );
}

function AddTrace({ node, onClose }: { node: DrawableNode; onClose(): void }) {
  const trees = useTrees();
  const [field, setField] = useState<TraceField>('addresses');
  const [query, setQuery] = useState('');
  const resultsId = useId();
  const has = new Set(node.traces.filter((t) => t.field === field).map((t) => t.target));
  const results = searchNodes(trees, query).filter((r) => r.node.id !== node.id);
  return (
    <div className="cw-side-form" role="group" aria-label="Add a trace">
      <div className="cw-side-inline-form">
        <label className="cw-side-field">
          <span>Trace</span>
          <select value={field} onChange={(event) => setField(event.target.value as TraceField)}>
            {TRACE_FIELDS.map((f) => (
              <option key={f} value={f}>
                {TRACE_LABEL[f]}
              </option>
            ))}
          </select>
        </label>
        <label className="cw-side-field cw-side-grow">
          <span>Find a node in any tree</span>
          <input
            type="search"
            data-first-field
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              // Enter takes the first node found.
              if (entryKey(event) !== 'commit') return;
              event.preventDefault();
              const first = results.find((r) => !has.has(r.node.id));
              if (first && commands.addTrace(node.id, field, first.node.id).ok) onClose();
            }}
            placeholder="id or words; Enter takes the first"
            aria-controls={resultsId}
          />
        </label>
      </div>
      <ul id={resultsId} className="cw-side-list cw-side-results" aria-label="Matching nodes" aria-live="polite">
        {query.trim() !== '' && results.length === 0 && <li className="cw-side-hint">No node matches “{query.trim()}”.</li>}
        {results.map(({ tree, node: match }) => (
          <li key={match.id}>
            <button
              type="button"
              className="cw-side-result"
              disabled={has.has(match.id)}
              onClick={() => {
                if (commands.addTrace(node.id, field, match.id).ok) onClose();
              }}
            >
              <span className="cw-side-ref-id">{match.id}</span>
              <span className="cw-side-ref-text">{firstLine(match.text)}</span>
              <span className="cw-side-result-tree">{has.has(match.id) ? 'already traced' : treeLabel(tree.key)}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="cw-side-actions">
        <CancelButton onClick={onClose} />
      </div>
    </div>
  );
}

function capitalised(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}
