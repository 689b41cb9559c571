// Whatever drawing one tree throws, the rest of the editor keeps working: this boundary puts a
// message where the diagram would be, naming the tree, and tries again when the tree changes.
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** "Current Reality Tree" */
  treeName: string;
  /** A new value (another tree, view or edited data) clears the failure and draws again. */
  resetKey: unknown;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

export class CanvasBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Causeway could not draw the ${this.props.treeName}`, error, info.componentStack);
  }

  render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="cw-draw-failed" role="alert" data-testid="draw-failed">
        <p>
          <strong>The {this.props.treeName} could not be drawn.</strong> Everything else still works: the other trees, the
          panels, undo, saving and export.
        </p>
        <p className="cw-draw-failed-reason">Reason: {error.message || error.name}</p>
      </div>
    );
  }
}
