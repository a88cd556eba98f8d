import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from './chrome/Alert.js';

interface Props {
  /** What failed, for the message: a field name, or the form. */
  what: string;
  /** One field's failure, in its cell; else the whole form's. */
  inline?: boolean;
  title: string;
  children: ReactNode;
}

interface State {
  error?: Error;
}

/** Shows what failed in place of a form or field that throws, never a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.what} failed to render`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const detail = `${this.props.what}: ${error.message}`;
    // the whole form's failure is the same alert as a field's, given the form's room
    return (
      <Alert
        type="error"
        showIcon
        title={this.props.title}
        description={detail}
        style={this.props.inline ? undefined : { margin: '24px 0' }}
      />
    );
  }
}
