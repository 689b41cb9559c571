// Every problem of the open file, with its place; a row jumps to the item when it is drawn.
import type { Diagnostic, DrawableTree } from '../../format';
import { diagnosticTarget } from '../diagnostic-target';
import { jumpFromList } from './side-section';

export function DiagnosticsPanel({ diagnostics, trees }: { diagnostics: Diagnostic[]; trees: DrawableTree[] }) {
  if (diagnostics.length === 0) return null;
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  return (
    <section className="cw-diagnostics" aria-label="Problems in this file">
      <h2>
        {errors > 0 ? `${errors} error${errors === 1 ? '' : 's'}` : 'No errors'}
        {warnings > 0 ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}
      </h2>
      <ol className="cw-diagnostic-list">
        {diagnostics.map((d, index) => {
          const target = diagnosticTarget(d, trees);
          const place = d.line > 0 ? `line ${d.line}:${d.column}` : '—';
          const content = (
            <>
              <span className="cw-diagnostic-place">{place}</span>
              <span className={`cw-diagnostic-severity is-${d.severity}`}>{d.severity}</span>
              <span className="cw-diagnostic-message">{d.message}</span>
              {d.path && <code className="cw-diagnostic-path">{d.path}</code>}
            </>
          );
          return (
            <li key={index} className={`cw-diagnostic is-${d.severity}`} data-code={d.code} data-line={d.line}>
              {target ? (
                <button type="button" className="cw-diagnostic-jump" onClick={() => jumpFromList(target.id)} title={`Show ${target.id}`}>
                  {content}
                </button>
              ) : (
                <div className="cw-diagnostic-static">{content}</div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
