import { proposalPdfFileName } from '@aceite/shared/pdf-file-name';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { saveBlob } from '@/lib/save-blob';
import { errorMessage, getPublicProposalPdf } from './api';
import { Button } from './controls';
import { useHydrated } from './hydrated';

const FAILED = 'Não foi possível descarregar o PDF. Tente novamente.';

/** "Descarregar PDF" on the client's page (docs/product.md#proposal-pdf), with its loading and error states. */
export function DownloadPdfButton({
  publicToken,
  number,
  title,
}: {
  publicToken: string;
  number: string;
  title: string;
}) {
  const ready = useHydrated();
  const [state, setState] = useState<{ kind: 'idle' | 'loading' } | { kind: 'error'; message: string }>({
    kind: 'idle',
  });
  const download = async () => {
    setState({ kind: 'loading' });
    try {
      saveBlob(await getPublicProposalPdf(publicToken), proposalPdfFileName({ number, title }));
      setState({ kind: 'idle' });
    } catch (error) {
      setState({ kind: 'error', message: errorMessage(error, FAILED) });
    }
  };
  return (
    <div className="pp-section pp-no-print">
      <Button
        variant="default"
        leftSection={<IconDownload size={18} aria-hidden="true" />}
        loading={state.kind === 'loading'}
        disabled={!ready}
        onClick={() => void download()}
      >
        Descarregar PDF
      </Button>
      {state.kind === 'error' ? (
        <p className="pp-form-error" role="alert">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
