import { Button } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { StatusPanel } from '@/components/error-screens/status-panel';
import { ApiError, errorMessage } from '@/lib/api-client';

export interface EntityLoadErrorProps {
  error: unknown;
  onRetry: () => void;
  /** What is shown when the record does not exist (404, or a malformed id: 400). */
  notFound: { title: string; message: string; icon: ReactNode };
  /** The title of any other failure (the message is the error's, with a retry). */
  loadErrorTitle: string;
  /** Back to the record's list. */
  back: { to: string; label: string };
}

/**
 * One record's screen that could not be loaded: not found (or a malformed id in the address), or any other
 * failure with a retry. Each feature gives its texts (ClientLoadError, ProductLoadError, TemplateLoadError).
 */
export function EntityLoadError({ error, onRetry, notFound, loadErrorTitle, back }: EntityLoadErrorProps) {
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  const title = missing ? notFound.title : loadErrorTitle;
  return (
    <>
      <DocumentTitle title={title} />
      <StatusPanel
        color={missing ? 'gray' : 'red'}
        icon={missing ? notFound.icon : <IconAlertCircle size={32} />}
        title={title}
        message={missing ? notFound.message : errorMessage(error, 'Verifique a ligação e tente novamente.')}
        actions={
          <>
            {!missing && (
              <Button leftSection={<IconRefresh size={18} aria-hidden="true" />} onClick={onRetry}>
                Tentar novamente
              </Button>
            )}
            <Button variant={missing ? 'filled' : 'default'} component={Link} to={back.to}>
              {back.label}
            </Button>
          </>
        }
      />
    </>
  );
}
