// Drop a .yaml file anywhere on the window to open it.
import { useEffect, useState } from 'react';
import { handleOfDroppedItem } from './file-access';
import { useOpenFile } from './use-open-file';

export function FileDropZone() {
  const openFile = useOpenFile();
  const [active, setActive] = useState(false);
  useEffect(() => {
    let depth = 0;
    const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');
    const onEnter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth++;
      setActive(true);
    };
    const onOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setActive(false);
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setActive(false);
      const file = event.dataTransfer?.files[0];
      const item = event.dataTransfer?.items[0];
      if (!file) return;
      // Ask for a writable handle before the drop event ends (the browser only allows it now).
      const handle = handleOfDroppedItem(item);
      void handle.then((h) => openFile(file, h));
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, [openFile]);
  return active ? (
    <div className="cw-drop-overlay" aria-live="polite">
      Drop a .yaml working file (or a .ltp.yaml, .logicx or TP Studio .json file to import) to open it
    </div>
  ) : null;
}
