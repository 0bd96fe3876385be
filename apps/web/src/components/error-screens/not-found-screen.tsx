import { Box, Button } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/lib/auth-store';
import { DocumentTitle } from '../document-title';
import { StatusPanel } from './status-panel';

const TITLE = 'Página não encontrada';

/** Any path the app does not know. Home is the dashboard when signed in, else the landing page. */
export function NotFoundScreen() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  return (
    <Box component="main">
      <DocumentTitle title={TITLE} />
      <StatusPanel
        icon={<IconMapOff size={32} />}
        title={TITLE}
        message="O endereço que procura não existe ou foi movido."
        actions={
          isAuthenticated ? (
            <Button component={Link} to={paths.dashboard}>
              Voltar ao painel
            </Button>
          ) : (
            <Button component="a" href={paths.home}>
              Ir para a página inicial
            </Button>
          )
        }
      />
    </Box>
  );
}
