// `causeway open FOLDER`: the working files in the folder; choosing one opens it.
import { chooseFile } from '../../store/live/live-sync';
import { useLiveStore } from '../../store/live/live-store';

export function FolderPicker() {
  const folder = useLiveStore((s) => s.folder);
  const connection = useLiveStore((s) => s.connection);
  if (!folder) return <div className="cw-empty-state">{connection === 'connected' ? 'Reading the folder…' : 'Connecting to the server…'}</div>;
  return (
    <section className="cw-folder" aria-labelledby="cw-folder-title">
      <h2 id="cw-folder-title">Working files in {folder.path}</h2>
      {folder.files.length === 0 ? (
        <p className="cw-side-empty">
          This folder has no .yaml files. Start one with <code>causeway open --new {folder.path}/NAME.yaml</code>.
        </p>
      ) : (
        <ul className="cw-folder-list">
          {folder.files.map((file) =>
            file.refused ? (
              // Not a regular file in this folder (a link out of it, a pipe…): listed, never opened.
              <li key={file.id}>
                <div className="cw-folder-file is-refused" data-file-name={file.name} data-refused="true">
                  <span className="cw-folder-file-name">{file.name}</span>
                  <span className="cw-folder-file-problem">Cannot be opened: {file.problem}</span>
                </div>
              </li>
            ) : (
              <li key={file.id}>
                <button type="button" className="cw-folder-file" onClick={() => chooseFile(file.id)} data-file-name={file.name}>
                  <span className="cw-folder-file-name">{file.name}</span>
                  {file.title && <span className="cw-folder-file-title">{file.title}</span>}
                  {file.problem && <span className="cw-folder-file-problem">{file.problem}</span>}
                </button>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
