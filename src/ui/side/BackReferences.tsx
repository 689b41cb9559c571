// Nodes that trace to this one (from any tree): shown on the node, each a jump to that node.
import { backReferences } from '../../format';
import { TRACE_LABEL } from '../words';
import { ItemRef } from './ItemRef';
import { PanelSection } from './PanelSection';
import { useWorkingFile } from './use-document';

export function BackReferences({ nodeId }: { nodeId: string }) {
  const file = useWorkingFile();
  const references = backReferences(file, nodeId);
  if (references.length === 0) return null;
  return (
    <PanelSection title="Traced from" count={references.length} testId="back-references">
      <ul className="cw-side-list">
        {references.map((ref) => (
          <li key={`${ref.node}:${ref.field}`} className="cw-side-ref-row">
            <ItemRef id={ref.node} tag={`${TRACE_LABEL[ref.field]} this`} />
          </li>
        ))}
      </ul>
    </PanelSection>
  );
}
