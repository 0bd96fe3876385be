// Loaded on demand (import('./signature-modal')) with signature_pad, only when the client starts to sign.
import { MESSAGES } from '@aceite/shared/messages';
import type { MandateInput } from '@aceite/shared/sepa/mandate';
import { IconEraser } from '@tabler/icons-react';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import SignaturePad, { type PointGroup } from 'signature_pad';
import { AnswerCodeField, type AnswerCodeState } from './answer-code-field';
import { Button } from './controls';
import { checkMandate, MandateFields, type MandateState } from './mandate-fields';
import { PageDialog } from './page-dialog';

/** The exported signature: 600×200 PNG whatever the screen (docs/product.md#limits-and-defaults). */
export const SIGNATURE_WIDTH = 600;
export const SIGNATURE_HEIGHT = 200;

/**
 * Fits the canvas backing store to its displayed size × devicePixelRatio (sharp strokes on high-DPI screens)
 * and redraws what was drawn, scaled to the new width, so a rotation or resize never loses the signature.
 */
function fitCanvas(canvas: HTMLCanvasElement, pad: SignaturePad, previousWidth: number): number {
  const width = canvas.offsetWidth;
  const height = canvas.offsetHeight;
  if (width === 0 || height === 0) return previousWidth;
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  const backingWidth = Math.round(width * ratio);
  const backingHeight = Math.round(height * ratio);
  if (canvas.width === backingWidth && canvas.height === backingHeight && width === previousWidth) {
    return previousWidth;
  }
  const scale = previousWidth > 0 ? width / previousWidth : 1;
  const data: PointGroup[] = pad.toData().map((group) => ({
    ...group,
    points: group.points.map((point) => ({ ...point, x: point.x * scale, y: point.y * scale })),
  }));
  canvas.width = backingWidth;
  canvas.height = backingHeight;
  canvas.getContext('2d')?.scale(ratio, ratio);
  if (data.length > 0) pad.fromData(data);
  else pad.clear();
  return width;
}

/** The drawing as a 600×200 PNG data URL, whatever size and pixel ratio the canvas had on screen. */
function exportPng(canvas: HTMLCanvasElement): string {
  const out = document.createElement('canvas');
  out.width = SIGNATURE_WIDTH;
  out.height = SIGNATURE_HEIGHT;
  const ctx = out.getContext('2d');
  if (!ctx) return canvas.toDataURL('image/png');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(canvas, 0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
  return out.toDataURL('image/png');
}

interface SignatureModalProps {
  opened: boolean;
  submitting: boolean;
  signerName: string;
  signerEmail: string;
  actionColor?: string;
  onClose: () => void;
  onConfirm: (signatureData: string, mandate?: MandateInput) => void;
  /** The emailed code's field, when the proposal asks for one. */
  code?: AnswerCodeState | null;
  /** The SEPA mandate signed with the proposal, when it is paid by direct debit. */
  mandate?: MandateState | null;
}

function SignatureCanvas({
  padRef,
  canvasRef,
  invalid,
  onStroke,
}: {
  padRef: RefObject<SignaturePad | null>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  invalid: boolean;
  onStroke: () => void;
}) {
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, {
      penColor: '#0b1f44',
      backgroundColor: 'rgb(255, 255, 255)',
      minWidth: 0.8,
      maxWidth: 2.6,
    });
    padRef.current = pad;
    let width = fitCanvas(canvas, pad, 0);
    const refit = () => {
      width = fitCanvas(canvas, pad, width);
    };
    const observer = new ResizeObserver(refit);
    observer.observe(canvas);
    // A devicePixelRatio change (zoom, another monitor) does not resize the element: listen to the window too.
    window.addEventListener('resize', refit);
    pad.addEventListener('endStroke', onStroke);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', refit);
      pad.removeEventListener('endStroke', onStroke);
      pad.off();
      padRef.current = null;
    };
  }, [padRef, canvasRef, onStroke]);

  return (
    <div className="pp-pad" data-invalid={invalid}>
      <canvas
        ref={canvasRef}
        width={SIGNATURE_WIDTH}
        height={SIGNATURE_HEIGHT}
        role="img"
        aria-label="Área de assinatura"
        aria-describedby="signature-help"
      />
      <span className="pp-pad-baseline" aria-hidden="true" />
    </div>
  );
}

/**
 * The drawing step of signing: a 600×200 canvas with Limpar, Cancelar and Confirmar Assinatura
 * (docs/product.md#public-page).
 */
export function SignatureModal({
  opened,
  submitting,
  signerName,
  signerEmail,
  actionColor,
  onClose,
  onConfirm,
  code,
  mandate,
}: SignatureModalProps) {
  const padRef = useRef<SignaturePad | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const clearError = useCallback(() => setError(null), []);

  const confirm = () => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas || pad.isEmpty()) {
      setError(MESSAGES.signatureRequired);
      return;
    }
    if (!mandate) return onConfirm(exportPng(canvas));
    const checked = checkMandate(mandate.values);
    if ('errors' in checked) return mandate.onChange(mandate.values, checked.errors);
    onConfirm(exportPng(canvas), checked.mandate);
  };

  return (
    <PageDialog
      opened={opened}
      onClose={onClose}
      title="Assinar proposta"
      size="lg"
      closeOnClickOutside={false}
      onExitTransitionEnd={() => {
        padRef.current?.clear();
        setError(null);
      }}
    >
      <p className="pp-lead" id="signature-help">
        Desenhe a sua assinatura na área abaixo com o rato, a caneta ou o dedo. A assinar como{' '}
        <strong>{signerName}</strong> ({signerEmail}).
      </p>
      <SignatureCanvas padRef={padRef} canvasRef={canvasRef} invalid={error !== null} onStroke={clearError} />
      {error ? (
        <p className="pp-form-error" role="alert">
          {error}
        </p>
      ) : null}
      {mandate ? <MandateFields state={mandate} /> : null}
      {code ? <AnswerCodeField state={code} /> : null}
      <p className="pp-fineprint pp-fineprint-spaced">
        {mandate
          ? 'Ao confirmar, assina e aceita esta proposta e a autorização de débito direto, com o mesmo código.'
          : 'Ao confirmar, assina e aceita esta proposta.'}
      </p>
      <div className="pp-modal-actions">
        <Button
          variant="subtle"
          leftSection={<IconEraser size={18} aria-hidden="true" />}
          onClick={() => {
            padRef.current?.clear();
            setError(null);
          }}
          disabled={submitting}
          className="pp-modal-clear"
        >
          Limpar
        </Button>
        <Button variant="default" onClick={onClose} disabled={submitting}>
          Cancelar
        </Button>
        <Button color={actionColor} onClick={confirm} loading={submitting}>
          Confirmar Assinatura
        </Button>
      </div>
    </PageDialog>
  );
}
