import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  id: string;
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  links: string[];
  /** Files sent with the message (the proposal's PDF). */
  attachments?: { fileName: string; contentType: string; content: Buffer }[];
}

function attachmentsOf(mail: OutgoingMail) {
  return (mail.attachments ?? []).map((a) => ({
    filename: a.fileName,
    contentType: a.contentType,
    content: a.content,
  }));
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Without it, each message is written as an .eml file to
 * `$DATA_DIR/outbox` and only its recipient, subject and file are logged: the links carry reset, invitation and
 * proposal tokens (and answer codes sit in the body), which never go to the log, in any mode (issue 34; see
 * docs/decisions.md, "No tokens in the log"). A local user opens the file to follow a link.
 */
export function createMailTransport(opts: {
  smtpUrl?: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): MailTransport {
  if (opts.smtpUrl) {
    // Timeouts well inside the outbox lease (jobs/outbox-worker.ts): a hung server fails the attempt, which is
    // retried, instead of outliving the lease and being claimed by another process.
    const transporter = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 60_000,
    });
    return {
      async send(mail) {
        await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          replyTo: mail.replyTo ?? undefined,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          // Inline data: images (the organization's logo) become cid attachments that mail clients display.
          attachDataUrls: true,
          attachments: attachmentsOf(mail),
        });
      },
      close: () => transporter.close(),
    };
  }
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = path.join(opts.dataDir, 'outbox');
  return {
    async send(mail) {
      const info = await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachDataUrls: true,
        attachments: attachmentsOf(mail),
      });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replaceAll(':', '-')}-${mail.id}.eml`);
      // Written whole, then renamed: a reader of the folder never sees half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
      opts.log.info({ to: mail.to, subject: mail.subject, file }, 'email written to the outbox folder');
    },
    close: () => transporter.close(),
  };
}
