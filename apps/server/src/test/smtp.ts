import { SMTPServer } from 'smtp-server';
import { freePort } from '@/db/embedded.ts';
import type { createMailTransport } from '@/lib/mail-transport.ts';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtp(
  port?: number,
): Promise<{ url: string; port: number; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const listenPort = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${listenPort}`,
    port: listenPort,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const silentLog = { info() {}, warn() {}, error() {} } as unknown as Parameters<
  typeof createMailTransport
>[0]['log'];

/**
 * A received message's text with quoted-printable undone (soft breaks, then every =XX byte read as UTF-8), so
 * tests read accented words as written. The headers' encoded words stay encoded.
 */
export function decodedMail(mail: ReceivedMail | undefined): string {
  const soft = (mail?.raw ?? '').replace(/=\r?\n/g, '');
  return soft.replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .split('=')
        .slice(1)
        .map((h) => Number.parseInt(h, 16)),
    ).toString('utf8'),
  );
}

/** The same as `ReceivedMail` (the sealed-PDF tests' name). */
export type Received = ReceivedMail;

/** The attachment of type `contentType` in a received message, decoded from its base64 MIME part. */
export function attachmentOf(raw: string, contentType = 'application/pdf'): Buffer | null {
  const escaped = contentType.replace(/[/.+]/g, (c) => `\\${c}`);
  const part = new RegExp(
    `Content-Type: ${escaped};[^\\n]*\\r?\\n(?:[^\\r\\n]+\\r?\\n)*\\r?\\n([A-Za-z0-9+/=\\r\\n]+)`,
  ).exec(raw);
  return part?.[1] ? Buffer.from(part[1].replace(/\s/g, ''), 'base64') : null;
}
