// The panel beside the canvas: what is wrong with the file, and (as it grows) the inspector,
// backlog and participants.
import { useDocumentStore } from '../../store/document-store';
import { DiagnosticsPanel } from './DiagnosticsPanel';

export function SidePanel() {
  const document = useDocumentStore((s) => s.document);
  if (!document || document.diagnostics.length === 0) return null;
  return (
    <aside className="cw-side">
      <DiagnosticsPanel diagnostics={document.diagnostics} trees={document.trees} />
    </aside>
  );
}
