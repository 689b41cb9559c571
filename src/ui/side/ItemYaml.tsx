// The whole item: the fields Causeway does not edit itself (source, acceptance_source,
// import_context, work_tracking, …) shown read-only as YAML, so nobody edits without seeing
// them; and "Edit as YAML…" for the whole item, which checks what was written before anything
// changes and says where it is wrong (line and column, or the rule broken).
import { useState } from 'react';
import { parseDocument, stringify } from 'yaml';
import type { Json } from '../../format';
import { commands } from '../../store/commands';
import { PanelSection } from './PanelSection';

/** The fields the inspector edits itself; the others are shown here. */
const EDITED: Record<'node' | 'link', ReadonlySet<string>> = {
  node: new Set(['id', 'kind', 'text', 'status', 'accepted_by', 'contributions', 'assumptions', 'challenges', 'addresses', 'derived_from', 'implements']),
  link: new Set(['id', 'from', 'to', 'relation', 'status', 'accepted_by', 'contributions', 'assumptions', 'challenges']),
};

/** What is left of `item` once the edited fields are taken out. */
export function otherFields(item: Record<string, Json> | undefined, what: 'node' | 'link'): Record<string, Json> {
  if (!item) return {};
  return Object.fromEntries(Object.entries(item).filter(([key]) => !EDITED[what].has(key)));
}

export function asYaml(value: unknown): string {
  return stringify(value, { lineWidth: 0 }).replace(/\n$/, '');
}

export function ItemYaml({ id, item, what, readOnly = false }: { id: string; item: Record<string, Json> | undefined; what: 'node' | 'link'; readOnly?: boolean }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const others = otherFields(item, what);
  const count = Object.keys(others).length;
  const close = () => {
    setEditing(null);
    setProblem(null);
  };
  const apply = () => {
    if (editing === null) return;
    const written = readItem(editing);
    if ('problem' in written) {
      setProblem(written.problem);
      return;
    }
    const result = commands.rewriteItem(id, written.value);
    if (result.ok) close();
    else setProblem(result.reason);
  };
  return (
    <PanelSection title="Other fields" count={count} testId="other-fields">
      {count > 0 ? (
        <>
          <p className="cw-side-hint">Fields Causeway keeps as they are without editing them here:</p>
          <pre className="cw-side-yaml" aria-label={`Other fields of ${id}, as YAML`}>
            {asYaml(others)}
          </pre>
        </>
      ) : (
        editing === null && <p className="cw-side-hint">None: every field of this {what} is shown above.</p>
      )}
      {!readOnly && editing === null && (
        <button type="button" className="cw-side-add" onClick={() => setEditing(asYaml(item ?? {}))}>
          Edit as YAML…
        </button>
      )}
      {editing !== null && (
        <form
          className="cw-side-form"
          aria-label={`Edit ${id} as YAML`}
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
          onKeyDown={(event) => {
            // A field of YAML needs Enter for its lines: Ctrl+Enter applies, Escape cancels.
            if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              close();
            } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              apply();
            }
          }}
        >
          <label className="cw-side-field">
            <span>The whole {what}, as YAML</span>
            <textarea
              className="cw-side-yaml-edit"
              rows={Math.min(18, Math.max(6, editing.split('\n').length + 1))}
              value={editing}
              spellCheck={false}
              autoFocus
              onChange={(event) => {
                setEditing(event.target.value);
                setProblem(null);
              }}
              aria-invalid={problem !== null}
              aria-describedby={`yaml-hint-${id}`}
            />
          </label>
          <small className="cw-side-field-hint" id={`yaml-hint-${id}`}>
            Ctrl+Enter applies, Escape cancels. It is checked first: nothing changes unless the file stays valid.
          </small>
          {problem && (
            <p className="cw-form-problem" role="alert">
              Not applied: {problem}
            </p>
          )}
          <div className="cw-side-actions">
            <button type="submit" className="cw-button cw-button-small cw-button-primary">
              Apply
            </button>
            <button type="button" className="cw-button cw-button-small" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </PanelSection>
  );
}

/** What the text says, or where and why it does not read as YAML. */
function readItem(text: string): { value: unknown } | { problem: string } {
  const document = parseDocument(text, { version: '1.2', schema: 'core', uniqueKeys: true, prettyErrors: true });
  const error = document.errors[0];
  if (error) {
    const at = error.linePos?.[0];
    const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    return { problem: `${at ? `line ${at.line}, column ${at.col}: ` : ''}${message}` };
  }
  try {
    return { value: document.toJS({ maxAliasCount: 100 }) };
  } catch (reason) {
    return { problem: reason instanceof Error ? reason.message : String(reason) };
  }
}
