import { Box, Button } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/lib/auth-store';
import { DocumentTitle } from '../document-title';
import { StatusPanel } from './status-panel';

/**
 * The error's status text, else its message (docs/product.md#screens-and-navigation: the generic fallback).
 */
function describe(error: unknown): { title: string; message: string } {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' && error.data ? error.data : error.statusText;
    return { title: `Erro ${error.status}`, message: detail || 'O pedido não pôde ser concluído.' };
  }
  // A screen's code could not be downloaded: usually a new version was deployed since this page loaded.
  if (error instanceof TypeError && /dynamically imported module|module script failed/i.test(error.message)) {
    return {
      title: 'Nova versão disponível',
      message: 'Esta página foi atualizada desde que abriu a aplicação. Tente novamente para a carregar.',
    };
  }
  if (error instanceof Error && error.message) return { title: 'Ocorreu um erro', message: error.message };
  return { title: 'Ocorreu um erro', message: 'Não foi possível mostrar esta página.' };
}

/** A route's error boundary content, without a landmark (it may render inside the main layout). */
export function RouteErrorPanel() {
  const error = useRouteError();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const { title, message } = describe(error);
  return (
    <>
      <DocumentTitle title={title} />
      <StatusPanel
        color="red"
        icon={<IconAlertCircle size={32} />}
        title={title}
        message={message}
        actions={
          <>
            <Button
              leftSection={<IconRefresh size={18} aria-hidden="true" />}
              onClick={() => window.location.reload()}
            >
              Tentar novamente
            </Button>
            {isAuthenticated ? (
              <Button variant="default" component={Link} to={paths.dashboard}>
                Ir para o painel
              </Button>
            ) : (
              <Button variant="default" component="a" href={paths.home}>
                Ir para a página inicial
              </Button>
            )}
          </>
        }
      />
    </>
  );
}

/** The top-level route error boundary: the same content in its own `main` landmark. */
export function RouteErrorScreen() {
  return (
    <Box component="main">
      <RouteErrorPanel />
    </Box>
  );
}
