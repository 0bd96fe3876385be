import { formatFileSize } from '@aceite/shared/file-size';
import type { PublicAttachment } from '@aceite/shared/schemas/public-proposals';
import { IconDownload, IconFileText, IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { getPublicAttachments, publicAttachmentUrl } from './api';

type AttachmentsState =
  | { kind: 'loading' }
  | { kind: 'ready'; attachments: PublicAttachment[] }
  | { kind: 'error' };

/** The attachments visible to the client, read once the proposal is on screen. */
export function usePublicAttachments(publicToken: string): AttachmentsState {
  const [state, setState] = useState<AttachmentsState>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    getPublicAttachments(publicToken).then(
      (attachments) =>
        current && setState(Array.isArray(attachments) ? { kind: 'ready', attachments } : { kind: 'error' }),
      () => current && setState({ kind: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [publicToken]);
  return state;
}

/**
 * 'Anexos' under the items: each file downloads through the public link (docs/product.md#public-page).
 * Nothing is shown while loading or when there is none: most proposals have no attachment and the document
 * should not jump.
 */
export function PublicAttachments({ publicToken }: { publicToken: string }) {
  const state = usePublicAttachments(publicToken);
  if (state.kind === 'loading') return null;
  if (state.kind === 'ready' && state.attachments.length === 0) return null;
  return (
    <section className="pp-section pp-attachments" aria-labelledby="attachments-title">
      <h2 className="pp-h2" id="attachments-title">
        Anexos
      </h2>
      {state.kind === 'error' ? (
        <p className="pp-muted">
          Não foi possível carregar os anexos. Recarregue a página para tentar novamente.
        </p>
      ) : (
        <ul className="pp-attachment-list">
          {state.attachments.map((attachment) => {
            const Icon = attachment.mimeType.startsWith('image/') ? IconPhoto : IconFileText;
            return (
              <li key={attachment.id} className="pp-attachment">
                <Icon size={22} aria-hidden="true" className="pp-attachment-icon" />
                <span className="pp-attachment-text">
                  <a
                    className="pp-attachment-link"
                    href={publicAttachmentUrl(publicToken, attachment.id)}
                    download={attachment.fileName}
                  >
                    {attachment.fileName}
                    <IconDownload size={16} aria-hidden="true" />
                  </a>
                  <span className="pp-attachment-meta">
                    {formatFileSize(attachment.fileSize)}
                    {attachment.description ? ` · ${attachment.description}` : ''}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
