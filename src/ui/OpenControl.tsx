// The Open button: a real file input (Ctrl+O opens it too).
import { forwardRef } from 'react';
import { OPEN_ACCEPT } from '../exchange';
import { useOpenFile } from './use-open-file';

export const OpenControl = forwardRef<HTMLInputElement>(function OpenControl(_props, inputRef) {
  const openFile = useOpenFile();
  return (
    <label className="cw-button cw-open" title="Open a working file, or import a Reason Commons (.ltp.yaml), Flying Logic (.logicx) or TP Studio (.json) file (Ctrl+O)">
      Open…
      <input
        ref={inputRef}
        type="file"
        accept={OPEN_ACCEPT}
        className="cw-visually-hidden"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = ''; // opening the same file again must fire again
          if (file) void openFile(file);
        }}
      />
    </label>
  );
});
