import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  /** What to show instead of the children; `reset` clears the error and renders the children again. */
  fallback: (error: Error, reset: () => void) => ReactNode;
  /** Called once per caught error, e.g. to log it. */
  onError?: (error: Error, info: ErrorInfo) => void;
  /** When any value here changes, a caught error is cleared (e.g. the route). */
  resetKeys?: readonly unknown[];
  children?: ReactNode;
}

interface State {
  error: Error | null;
  keys: readonly unknown[] | undefined;
}

const changed = (a: readonly unknown[] = [], b: readonly unknown[] = []) =>
  a.length !== b.length || a.some((v, i) => !Object.is(v, b[i]));

/** React still needs a class for error boundaries; this is the only one in the code base. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, keys: this.props.resetKeys };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    if (state.error && changed(props.resetKeys, state.keys)) return { error: null, keys: props.resetKeys };
    if (changed(props.resetKeys, state.keys)) return { keys: props.resetKeys };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  reset = (): void => this.setState({ error: null });

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
