import type { VerificationResult, VerifyInput } from '@aceite/shared/schemas/verification';
import { useMutation } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';

/** Asks whether Aceite sealed a document, by its code or by its file's SHA-256 (never the file itself). */
export async function verifyDocument(input: VerifyInput): Promise<VerificationResult> {
  const res = await apiClient.post<Envelope<VerificationResult>>('/public/verify', input);
  return res.data;
}

export function useVerifyDocument() {
  return useMutation({ mutationFn: verifyDocument });
}

/** The SHA-256 of a file, in hex, computed in the browser (WebCrypto): the file never leaves the device. */
export async function sha256OfFile(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
