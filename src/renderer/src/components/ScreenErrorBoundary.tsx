/**
 * A screen that failed to show, its code not fetched (the service out of reach a moment, or
 * upgraded under an open page) or a fault while drawing it: said in the screen's place, with a
 * reload, where the whole counter would otherwise go blank. React.lazy keeps a failed fetch, so
 * only a reload tries again. The header, and with it the other screens, stay usable: going to
 * another screen (a new `screen`) clears the message, without remounting what the boundary holds.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** The screen shown; a failure is said until it changes. */
  screen?: string;
}

export class ScreenErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('a screen failed to show', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error && previous.screen !== this.props.screen) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="banner" role="alert">
        <span>Layar ini gagal ditampilkan: {this.state.error.message}</span>
        <button type="button" onClick={() => location.reload()}>
          Muat ulang
        </button>
      </div>
    );
  }
}
