// More → Export: the working file (or its accepted view) downloaded in another tool's format.
// The exporters are loaded on the first export, not with the editor.
import { EXPORT_FORMAT_INFO, exportName, type ExportFormat } from '../../exchange';
import { useDocumentStore } from '../../store/document-store';
import { useHistoryStore } from '../../store/history-store';
import { downloadText } from '../download';

export async function exportAs(format: ExportFormat, acceptedOnly = false): Promise<void> {
  const store = useDocumentStore.getState();
  const document = store.document;
  if (!document) return;
  try {
    const { exportFile } = await import('../../exchange/convert');
    const text = exportFile(format, document.data, {
      fileName: document.fileName,
      ...(acceptedOnly ? { acceptedOnly: true } : {}),
      snapshots: useHistoryStore.getState().snapshots,
      now: new Date(),
    });
    const name = exportName(document.fileName, format).replace(/\.read-through\.md$/, acceptedOnly ? '.accepted.read-through.md' : '.read-through.md');
    downloadText(name, text, EXPORT_FORMAT_INFO[format].type);
    store.say('info', `Downloaded ${name}.`);
  } catch (error) {
    store.say('refusal', `The ${EXPORT_FORMAT_INFO[format].label} could not be made: ${error instanceof Error ? error.message : String(error)}`);
  }
}
