import { Component, type ReactNode } from "react";

/**
 * Shows nothing in place of an optional part that failed to render or load (a lazy chunk after a
 * deploy or on a lost connection), so the rest of the page stays as it was.
 */
export class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
