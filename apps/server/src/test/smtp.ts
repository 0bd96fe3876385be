import { SMTPServer } from 'smtp-server';
import { freePort } from '@/db/embedded.ts';

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtp(
  port?: number,
): Promise<{ url: string; port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
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

/** The attachment of type `contentType` in a received message, decoded from its base64 MIME part. */
export function attachmentOf(raw: string, contentType = 'application/pdf'): Buffer | null {
  const escaped = contentType.replace(/[/.+]/g, (c) => `\\${c}`);
  const part = new RegExp(
    `Content-Type: ${escaped};[^\\n]*\\r?\\n(?:[^\\r\\n]+\\r?\\n)*\\r?\\n([A-Za-z0-9+/=\\r\\n]+)`,
  ).exec(raw);
  return part?.[1] ? Buffer.from(part[1].replace(/\s/g, ''), 'base64') : null;
}
