import { MESSAGES } from '@aceite/shared/messages';
import { Box, Button } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { DocumentTitle } from '../document-title';
import { StatusPanel } from './status-panel';

/** The last-resort screen: something outside any route failed. */
export function GlobalErrorScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <Box component="main">
      <DocumentTitle title={MESSAGES.somethingWentWrong} />
      <StatusPanel
        color="red"
        icon={<IconAlertTriangle size={32} />}
        title={MESSAGES.somethingWentWrong}
        message="Ocorreu um erro inesperado. Tente novamente; se o problema continuar, contacte o suporte."
        actions={
          <Button leftSection={<IconRefresh size={18} aria-hidden="true" />} onClick={onRetry}>
            Tentar novamente
          </Button>
        }
      />
    </Box>
  );
}

interface GlobalErrorBoundaryProps {
  children: ReactNode;
}

/** Catches render errors anywhere in the app and shows 'Algo correu mal' with a retry (a fresh page load). */
export class GlobalErrorBoundary extends Component<GlobalErrorBoundaryProps, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError(): { hasError: boolean } {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled error', error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) return <GlobalErrorScreen onRetry={() => window.location.reload()} />;
    return this.props.children;
  }
}
