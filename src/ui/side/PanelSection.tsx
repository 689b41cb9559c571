// One titled part of an inspector or panel, with an optional count beside its title (and, for a
// title that puts a term of the format in words, that term on hover).
import type { ReactNode } from 'react';

export function PanelSection({ title, titleTip, count, children, testId }: { title: string; titleTip?: string; count?: number; children: ReactNode; testId?: string }) {
  return (
    <section className="cw-side-section" aria-label={title} data-testid={testId}>
      <h3 className="cw-side-heading" title={titleTip}>
        {title}
        {count !== undefined && <span className="cw-side-count">{count}</span>}
      </h3>
      {children}
    </section>
  );
}
