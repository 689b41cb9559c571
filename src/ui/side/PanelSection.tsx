// One titled part of an inspector or panel, with an optional count beside its title.
import type { ReactNode } from 'react';

export function PanelSection({ title, count, children, testId }: { title: string; count?: number; children: ReactNode; testId?: string }) {
  return (
    <section className="cw-side-section" aria-label={title} data-testid={testId}>
      <h3 className="cw-side-heading">
        {title}
        {count !== undefined && <span className="cw-side-count">{count}</span>}
      </h3>
      {children}
    </section>
  );
}
