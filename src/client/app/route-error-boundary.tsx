import { Component, type ErrorInfo, type ReactNode } from 'react';
import TriangleAlert from '~icons/lucide/triangle-alert';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { AppShellRelease } from './layout/app-shell-release';

type Props = {
  children: ReactNode /** Changing it (e.g. the path) clears a caught error. */;
  resetKey: string;
};
type State = { error: Error | null; resetKey: string };

/** One per route area, so a broken screen shows a recoverable card instead of blanking the app. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Route error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="mx-auto w-full max-w-md px-4 py-10">
        {/* A screen that failed is still the app's own: the pre-rendered frame must not hide it. */}
        <AppShellRelease />
        <Card role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
          <TriangleAlert aria-hidden="true" className="size-10 text-destructive" />
          <h1 className="font-semibold text-xl">Something went wrong</h1>
          <p className="text-muted-foreground text-sm">
            This screen hit an unexpected error. Try again, or reload the page.
          </p>
          <Button className="mt-2" onClick={() => this.setState({ error: null })}>
            Try again
          </Button>
        </Card>
      </div>
    );
  }
}
