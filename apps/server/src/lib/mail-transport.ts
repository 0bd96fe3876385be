import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';

export interface OutgoingMail {
  id: string;
  /** MAIL_FROM: `Aceite <no-reply@…>` or a bare address. */
  from: string;
  /** Another display name for MAIL_FROM's address (an email to a client: "Organização via Aceite"). */
  fromName?: string | null;
  /**
   * The organization's own verified sender (an email to a client, docs/product.md#white-label): the From is its
   * name and address and the message is signed with its DKIM key; `from` and `fromName` are then not shown.
   */
  sender?: {
    name: string;
    address: string;
    dkim: { domainName: string; keySelector: string; privateKey: string };
  } | null;
  to: string;
  replyTo?: string | null;
  /** An https link that unsubscribes in one click (RFC 8058): List-Unsubscribe and List-Unsubscribe-Post. */
  listUnsubscribe?: string | null;
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

/**
 * The headers an organization's DKIM signature covers: nodemailer's default list (RFC 6376's suggestions) plus
 * List-Unsubscribe-Post, which RFC 8058 requires signed for one-click unsubscribe to be honoured.
 */
const DKIM_SIGNED_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'Content-ID',
  'Content-Description',
  'Resent-Date',
  'Resent-From',
  'Resent-Sender',
  'Resent-To',
  'Resent-Cc',
  'Resent-Message-ID',
  'In-Reply-To',
  'References',
  'List-Id',
  'List-Help',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
  'List-Subscribe',
  'List-Post',
  'List-Owner',
  'List-Archive',
].join(':');

/**
 * What nodemailer is given beside the body: the From as an address object when a display name replaces
 * MAIL_FROM's (nodemailer quotes it and encodes non-ASCII as RFC 2047, so a name with quotes, commas or angle
 * brackets cannot add an address or a header), and the RFC 8058 unsubscribe headers. The address stays
 * MAIL_FROM's, so SPF and DKIM stay aligned with the sending domain (docs/deployment.md#email) — except for an
 * organization's own verified sender, whose From is its address, signed with its DKIM key.
 */
export function envelopeOf(mail: OutgoingMail) {
  const [parsed] = addressparser(mail.from) as { name: string; address?: string }[];
  const address = parsed?.address ?? mail.from;
  return {
    ...(mail.sender
      ? {
          from: { name: mail.sender.name, address: mail.sender.address },
          // The envelope sender (Return-Path) stays MAIL_FROM's: bounces reach the platform, SPF is checked on
          // its domain, and DMARC aligns on the DKIM signature of the organization's domain
          // (docs/deployment.md#email).
          envelope: { from: address, to: mail.to },
          dkim: { ...mail.sender.dkim, headerFieldNames: DKIM_SIGNED_HEADERS },
        }
      : { from: mail.fromName ? { name: mail.fromName, address } : mail.from }),
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    ...(mail.listUnsubscribe
      ? {
          // The bare link, without RFC 2369's optional comment, which some mail clients do not parse.
          list: { unsubscribe: mail.listUnsubscribe },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
  };
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
          ...envelopeOf(mail),
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
        ...envelopeOf(mail),
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
