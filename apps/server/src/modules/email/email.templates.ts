import { formatCalendarDate, formatInstantDate } from '@aceite/shared/dates';
/** Escapes text placed into email HTML: user-supplied names never become markup. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  links: string[];
}

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="pt-PT"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px">
<tr><td><p style="font-size:20px;font-weight:bold;color:#0b5cad;margin:0 0 24px">Aceite</p>${bodyHtml}
<p style="font-size:12px;color:#6b7280;margin-top:32px">Recebeu este email porque alguém usou este endereço no Aceite.</p></td></tr>
</table></td></tr></table></body></html>`;
}

/** The call-to-action link, in Aceite's blue or the organization's colour. */
function button(href: string, label: string, color = '#0b5cad'): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:${color};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>`;
}

export function passwordResetEmail(input: { firstName: string; link: string }): RenderedEmail {
  const subject = 'Redefinir a sua password do Aceite';
  const html = layout(
    subject,
    `<p>Olá ${escapeHtml(input.firstName)},</p>
<p>Recebemos um pedido para redefinir a password da sua conta. O link é válido durante 1 hora e pode ser usado uma vez.</p>
${button(input.link, 'Redefinir password')}
<p style="font-size:13px">Se o botão não funcionar, copie este endereço para o navegador:<br>${escapeHtml(input.link)}</p>
<p>Se não foi você, ignore este email: a sua password continua a mesma.</p>`,
  );
  const text = `Olá ${input.firstName},

Recebemos um pedido para redefinir a password da sua conta. O link é válido durante 1 hora e pode ser usado uma vez:

${input.link}

Se não foi você, ignore este email: a sua password continua a mesma.`;
  return { subject, html, text, links: [input.link] };
}

export function inviteEmail(input: {
  organizationName: string;
  primaryColor: string;
  logo?: string | null;
  /** The invitee's first name when the inviter gave one. */
  inviteeName?: string | null;
  inviterName: string;
  roleLabel: string;
  link: string;
  expiresAt: Date;
}): RenderedEmail {
  const subject = `Convite para a equipa ${input.organizationName} no Aceite`;
  const until = formatInstantDate(input.expiresAt.toISOString(), 'Europe/Lisbon');
  const name = input.inviteeName?.trim();
  const html = brandedLayout(
    input,
    subject,
    `<p>Olá${name ? ` ${escapeHtml(name)}` : ''},</p>
<p>${escapeHtml(input.inviterName)} convidou-o para se juntar a <strong>${escapeHtml(input.organizationName)}</strong> no Aceite, com a função ${escapeHtml(input.roleLabel)}.</p>
${button(input.link, 'Aceitar convite', brandColor(input))}
<p style="font-size:13px">O convite é válido até ${escapeHtml(until)}. Se o botão não funcionar, copie este endereço:<br>${escapeHtml(input.link)}</p>`,
  );
  const text = `Olá${name ? ` ${name}` : ''},

${input.inviterName} convidou-o para se juntar a ${input.organizationName} no Aceite, com a função ${input.roleLabel}.

Aceite o convite (válido até ${until}):
${input.link}`;
  return { subject, html, text, links: [input.link] };
}

/** Only an image data URL as saved in the organization's branding (PNG, JPEG, WebP) is ever placed in an email. */
const LOGO_DATA_URL = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

interface Branding {
  organizationName: string;
  primaryColor: string;
  /** The organization's logo (data URL): sent as an inline image (cid), which mail clients show. */
  logo?: string | null;
  /** The organization's white-label (docs/product.md#white-label): no "Enviado através do Aceite." line. */
  whiteLabel?: boolean;
}

// The colour was validated as #RRGGBB when saved; anything else falls back to the default.
const brandColor = (b: Branding) => (/^#[0-9a-f]{6}$/i.test(b.primaryColor) ? b.primaryColor : '#0b5cad');

/** An email in the organization's colours, with its logo and name in the header band. */
function brandedLayout(b: Branding, title: string, bodyHtml: string): string {
  const logo =
    b.logo && LOGO_DATA_URL.test(b.logo)
      ? `<img src="${b.logo}" alt="" height="40" style="display:block;max-height:40px;max-width:200px;margin-bottom:8px;background:#ffffff;border-radius:4px;padding:4px">`
      : '';
  return `<!doctype html><html lang="pt-PT"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${brandColor(b)};padding:20px 32px;color:#ffffff;font-size:20px;font-weight:bold">${logo}${escapeHtml(b.organizationName)}</td></tr>
<tr><td style="padding:32px">
${bodyHtml}
</td></tr></table>
${b.whiteLabel ? '' : '<p style="font-size:12px;color:#6b7280">Enviado através do Aceite.</p>'}
</td></tr></table></body></html>`;
}

/** Plain text typed by a person as HTML paragraphs: escaped, blank lines split paragraphs, line breaks kept. */
function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('\n');
}

/**
 * The proposal email: the subject and message as the sender left them in the send dialog (placeholders
 * already filled), then the total, validity and the link, which the sender cannot remove.
 */
export function proposalEmail(
  input: Branding & {
    subject: string;
    message: string;
    total: string;
    validUntil: string | null;
    link: string;
  },
): RenderedEmail {
  const { subject } = input;
  const until = input.validUntil ? formatCalendarDate(input.validUntil) : null;
  const html = brandedLayout(
    input,
    subject,
    `${paragraphs(input.message)}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0;font-size:15px">
<tr><td style="padding:4px 16px 4px 0;color:#52606d">Total</td><td style="font-weight:bold">${escapeHtml(input.total)}</td></tr>
${until ? `<tr><td style="padding:4px 16px 4px 0;color:#52606d">Válida até</td><td>${escapeHtml(until)}</td></tr>` : ''}
</table>
${button(input.link, 'Ver proposta', brandColor(input))}
<p style="font-size:13px">Pode ler, assinar, aceitar ou rejeitar a proposta nesta página. Se o botão não funcionar, copie este endereço:<br>${escapeHtml(input.link)}</p>`,
  );
  const text = `${input.message.trim()}

Total: ${input.total}${until ? `\nVálida até: ${until}` : ''}

Veja, assine, aceite ou rejeite a proposta aqui:
${input.link}

— ${input.organizationName}`;
  return { subject, html, text, links: [input.link] };
}

/** To the proposal's owner: the client rejected it, with the reason they gave (or that they gave none). */
export function proposalRejectedEmail(
  input: Branding & {
    firstName: string;
    title: string;
    clientName: string | null;
    reason: string | null;
    link: string;
  },
): RenderedEmail {
  const subject = `Proposta "${input.title}" rejeitada`;
  const who = input.clientName ?? 'O cliente';
  const reason = input.reason ?? 'Sem motivo indicado.';
  const html = brandedLayout(
    input,
    subject,
    `<p>Olá ${escapeHtml(input.firstName)},</p>
<p>${escapeHtml(who)} rejeitou a proposta <strong>${escapeHtml(input.title)}</strong>.</p>
<p style="margin:16px 0 4px;color:#52606d">Motivo indicado pelo cliente</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #d0d7de;white-space:pre-line">${escapeHtml(reason)}</blockquote>
${button(input.link, 'Abrir proposta', brandColor(input))}
<p style="font-size:13px">Se o botão não funcionar, copie este endereço:<br>${escapeHtml(input.link)}</p>`,
  );
  const text = `Olá ${input.firstName},

${who} rejeitou a proposta "${input.title}".

Motivo indicado pelo cliente:
${reason}

Abrir proposta:
${input.link}

— ${input.organizationName}`;
  return { subject, html, text, links: [input.link] };
}

/**
 * To the owner: the client asked a question or for changes on the public page
 * (docs/product.md#client-questions-and-change-requests). The client's words are escaped, never HTML.
 */
export function clientMessageEmail(
  input: Branding & {
    firstName: string;
    title: string;
    kind: 'question' | 'change_request';
    senderName: string;
    senderEmail: string;
    /** Whether `senderEmail` is the proposal's recipient, the address the link went to (issue 34, L6). */
    senderIsRecipient: boolean;
    message: string;
    link: string;
  },
): RenderedEmail {
  const what =
    input.kind === 'question' ? 'fez uma pergunta sobre a proposta' : 'pediu alterações à proposta';
  const subject =
    input.kind === 'question'
      ? `Nova pergunta sobre a proposta "${input.title}"`
      : `Pedido de alterações à proposta "${input.title}"`;
  // The name is the client's own words on the public page: shown as typed, marked as theirs (issue 34, L6).
  const who = `${input.senderName} (cliente)`;
  const address = input.senderIsRecipient
    ? `Email: ${input.senderEmail} — o endereço para onde a proposta foi enviada; pode responder a este email.`
    : `Email indicado: ${input.senderEmail} — não é o endereço para onde a proposta foi enviada e não foi verificado; responda na aplicação.`;
  const html = brandedLayout(
    input,
    subject,
    `<p>Olá ${escapeHtml(input.firstName)},</p>
<p>${escapeHtml(who)} ${what} <strong>${escapeHtml(input.title)}</strong>.</p>
<p style="font-size:13px;color:#52606d">${escapeHtml(address)}</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #d0d7de;white-space:pre-line">${escapeHtml(input.message)}</blockquote>
${button(input.link, 'Responder', brandColor(input))}
<p style="font-size:13px">Se o botão não funcionar, copie este endereço:<br>${escapeHtml(input.link)}</p>`,
  );
  const text = `Olá ${input.firstName},

${who} ${what} "${input.title}".
${address}

${input.message}

Responder:
${input.link}

— ${input.organizationName}`;
  return { subject, html, text, links: [input.link] };
}

/** To the client: the team answered their question or change request; the link opens the conversation. */
export function clientMessageAnswerEmail(
  input: Branding & { clientName: string; senderName: string; title: string; message: string; link: string },
): RenderedEmail {
  const subject = `Resposta sobre a proposta "${input.title}"`;
  const html = brandedLayout(
    input,
    subject,
    `<p>Olá ${escapeHtml(input.clientName)},</p>
<p>${escapeHtml(input.senderName)} respondeu à sua mensagem sobre a proposta <strong>${escapeHtml(input.title)}</strong>:</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #d0d7de;white-space:pre-line">${escapeHtml(input.message)}</blockquote>
${button(input.link, 'Ver proposta', brandColor(input))}
<p style="font-size:13px">Se o botão não funcionar, copie este endereço:<br>${escapeHtml(input.link)}</p>`,
  );
  const text = `Olá ${input.clientName},

${input.senderName} respondeu à sua mensagem sobre a proposta "${input.title}":

${input.message}

Ver proposta:
${input.link}

— ${input.organizationName}`;
  return { subject, html, text, links: [input.link] };
}

/** To the client, when the member ticked it: the proposal was cancelled and its link no longer works. */
export function proposalCancelledEmail(
  input: Branding & { clientName: string; senderName: string; title: string; reason: string },
): RenderedEmail {
  const subject = `Proposta "${input.title}" cancelada`;
  const html = brandedLayout(
    input,
    subject,
    `<p>Olá ${escapeHtml(input.clientName)},</p>
<p>A proposta <strong>${escapeHtml(input.title)}</strong> foi cancelada por ${escapeHtml(input.senderName)} e já não está disponível.</p>
<p style="margin:16px 0 4px;color:#52606d">Motivo</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #d0d7de;white-space:pre-line">${escapeHtml(input.reason)}</blockquote>`,
  );
  const text = `Olá ${input.clientName},

A proposta "${input.title}" foi cancelada por ${input.senderName} e já não está disponível.

Motivo:
${input.reason}

— ${input.organizationName}`;
  return { subject, html, text, links: [] };
}

/**
 * To the previous recipient of a sent proposal (issue 34, H2; docs/product.md#recipient): the proposal now goes
 * to someone else, so a change they did not make is noticed. Names the new recipient masked, with no link.
 */
export function recipientChangedEmail(
  input: Branding & {
    previousName: string;
    senderName: string;
    title: string;
    maskedNewEmail: string;
  },
): RenderedEmail {
  const subject = `Proposta "${input.title}": destinatário alterado`;
  const html = brandedLayout(
    input,
    subject,
    `<p>Olá ${escapeHtml(input.previousName)},</p>
<p>${escapeHtml(input.senderName)} alterou o destinatário da proposta <strong>${escapeHtml(input.title)}</strong>, que lhe tinha sido enviada: a partir de agora é enviada para ${escapeHtml(input.maskedNewEmail)}, e os códigos de confirmação deixam de ser enviados para este endereço.</p>
<p>Se não esperava esta alteração, contacte ${escapeHtml(input.organizationName)}.</p>`,
  );
  const text = `Olá ${input.previousName},

${input.senderName} alterou o destinatário da proposta "${input.title}", que lhe tinha sido enviada: a partir de agora é enviada para ${input.maskedNewEmail}, e os códigos de confirmação deixam de ser enviados para este endereço.

Se não esperava esta alteração, contacte ${input.organizationName}.

— ${input.organizationName}`;
  return { subject, html, text, links: [] };
}

/** To the client: a proposal they have already seen was changed; the link shows the new version. */
export function proposalUpdatedEmail(
  input: Branding & {
    clientName: string;
    senderName: string;
    title: string;
    total: string;
    validUntil: string | null;
    link: string;
  },
): RenderedEmail {
  const subject = `${input.organizationName}: proposta "${input.title}" atualizada`;
  const until = input.validUntil ? formatCalendarDate(input.validUntil) : null;
  const html = brandedLayout(
    input,
    subject,
    `<p>Olá ${escapeHtml(input.clientName)},</p>
<p>${escapeHtml(input.senderName)} atualizou a proposta <strong>${escapeHtml(input.title)}</strong> que lhe enviou. A página da proposta mostra já a nova versão.</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0;font-size:15px">
<tr><td style="padding:4px 16px 4px 0;color:#52606d">Total</td><td style="font-weight:bold">${escapeHtml(input.total)}</td></tr>
${until ? `<tr><td style="padding:4px 16px 4px 0;color:#52606d">Válida até</td><td>${escapeHtml(until)}</td></tr>` : ''}
</table>
${button(input.link, 'Ver proposta atualizada', brandColor(input))}
<p style="font-size:13px">Se o botão não funcionar, copie este endereço:<br>${escapeHtml(input.link)}</p>`,
  );
  const text = `Olá ${input.clientName},

${input.senderName} atualizou a proposta "${input.title}" que lhe enviou. A página da proposta mostra já a nova versão.

Total: ${input.total}${until ? `\nVálida até: ${until}` : ''}

Veja a proposta atualizada aqui:
${input.link}

— ${input.organizationName}`;
  return { subject, html, text, links: [input.link] };
}

/**
 * To the client: the one-time code that confirms they control the proposal's email before they answer
 * (issue 20). The code is only in the body, never in the subject, so a lock screen's preview does not show it.
 */
export function answerCodeEmail(
  input: Branding & { title: string; code: string; minutes: number },
): RenderedEmail {
  const subject = `${input.organizationName}: código de confirmação`;
  const html = brandedLayout(
    input,
    subject,
    `<p>Olá,</p>
<p>Para responder à proposta <strong>${escapeHtml(input.title)}</strong>, indique este código na página da proposta:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px;margin:16px 0">${escapeHtml(input.code)}</p>
<p>O código é válido durante ${input.minutes} minutos e só pode ser usado uma vez.</p>
<p style="font-size:13px;color:#52606d">Se não foi você a pedir este código, ignore este email: sem ele ninguém responde à proposta em seu nome.</p>`,
  );
  const text = `Olá,

Para responder à proposta "${input.title}", indique este código na página da proposta:

${input.code}

O código é válido durante ${input.minutes} minutos e só pode ser usado uma vez.

Se não foi você a pedir este código, ignore este email: sem ele ninguém responde à proposta em seu nome.

— ${input.organizationName}`;
  return { subject, html, text, links: [] };
}

/**
 * To the client and to the owner: the accepted proposal's sealed PDF with its certificate is ready
 * (docs/product.md#sealed-certificate). A link to the file (the client's through the proposal's link), and
 * the code anyone can check it with on /verificar.
 */
export function sealedDocumentEmail(input: {
  organizationName: string;
  primaryColor?: string;
  logo?: string | null;
  /**
   * The organization's white-label (docs/product.md#white-label): the client's copy is in the organization's
   * colours, under its name, without the Aceite header and footer.
   */
  whiteLabel?: boolean;
  title: string;
  link: string;
  isOwner: boolean;
  verificationCode: string;
  verificationUrl: string;
  /** The agreed total, formatted (docs/product.md#signed-figures). */
  total: string;
  /** The offer's total, formatted, when the client's configuration changed it; else null. */
  originalTotal: string | null;
}): RenderedEmail {
  const subject = `Proposta "${input.title}": documento assinado e selado`;
  const figure = `Valor acordado: ${input.total}${input.originalTotal ? ` (proposta original: ${input.originalTotal})` : ''}`;
  const intro = input.isOwner
    ? `A proposta <strong>${escapeHtml(input.title)}</strong> foi aceite. Segue em anexo o PDF final, selado digitalmente e com o certificado de aceitação; está também disponível na página da proposta.`
    : `Obrigado pela sua resposta à proposta <strong>${escapeHtml(input.title)}</strong> de ${escapeHtml(input.organizationName)}. Segue em anexo o PDF final, selado digitalmente e com o certificado de aceitação; pode também descarregá-lo na ligação abaixo.`;
  const brand: Branding = { ...input, primaryColor: input.primaryColor ?? '', whiteLabel: true };
  const body = `<p>Olá,</p>
<p>${intro}</p>
<p><strong>${escapeHtml(figure)}</strong></p>
${button(input.link, 'Descarregar PDF selado', input.whiteLabel ? brandColor(brand) : undefined)}
<p style="font-size:13px">Código de verificação: <strong>${escapeHtml(input.verificationCode)}</strong><br>
Qualquer pessoa pode confirmar que o ficheiro não foi alterado em ${escapeHtml(input.verificationUrl)}</p>`;
  const html = input.whiteLabel ? brandedLayout(brand, subject, body) : layout(subject, body);
  const text = `Olá,

${intro.replace(/<[^>]+>/g, '')}

${figure}

Descarregar PDF selado:
${input.link}

Código de verificação: ${input.verificationCode}
Confirme que o ficheiro não foi alterado em ${input.verificationUrl}

— ${input.organizationName}`;
  return { subject, html, text, links: [input.link, input.verificationUrl] };
}

/** An organization's webhook endpoint was disabled (410, or failing for 5 days): its admins are told. */
export function webhookDisabledEmail(input: { url: string; reason: string; link: string }): RenderedEmail {
  const subject = 'Um webhook do Aceite foi desativado';
  const html = layout(
    subject,
    `<p>O webhook <strong>${escapeHtml(input.url)}</strong> foi desativado.</p>
<p>Motivo: ${escapeHtml(input.reason)}</p>
<p>Os eventos seguintes ficam por entregar até o reativar em Definições → Integrações.</p>
${button(input.link, 'Ver webhooks')}`,
  );
  const text = `O webhook ${input.url} foi desativado.

Motivo: ${input.reason}

Os eventos seguintes ficam por entregar até o reativar em Definições → Integrações:
${input.link}`;
  return { subject, html, text, links: [input.link] };
}

/**
 * An automatic reminder to the client (docs/product.md#reminders): the proposal's link and the link that stops
 * the reminders of this proposal. Names and titles are escaped.
 */
export function clientReminderEmail(
  input: Branding & {
    kind: 'not_opened' | 'not_answered' | 'before_expiry';
    clientName: string;
    senderName: string;
    title: string;
    total: string;
    validUntil: string | null;
    link: string;
    stopLink: string;
  },
): RenderedEmail {
  const until = input.validUntil ? formatCalendarDate(input.validUntil) : null;
  const subject =
    input.kind === 'before_expiry'
      ? `A proposta "${input.title}" expira em breve`
      : `Lembrete: proposta "${input.title}"`;
  const lead =
    input.kind === 'not_opened'
      ? `${input.senderName} enviou-lhe a proposta "${input.title}" e ainda não a abriu.`
      : input.kind === 'not_answered'
        ? `A proposta "${input.title}", de ${input.senderName}, aguarda a sua resposta.`
        : `A proposta "${input.title}", de ${input.senderName}, é válida até ${until ?? '—'}.`;
  const ask = 'Pode consultá-la, aceitá-la, assiná-la, rejeitá-la ou fazer uma pergunta nesta página.';
  const html = brandedLayout(
    input,
    subject,
    `<p>Olá ${escapeHtml(input.clientName)},</p>
<p>${escapeHtml(lead)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0;font-size:15px">
<tr><td style="padding:4px 16px 4px 0;color:#52606d">Total</td><td style="font-weight:bold">${escapeHtml(input.total)}</td></tr>
${until ? `<tr><td style="padding:4px 16px 4px 0;color:#52606d">Válida até</td><td>${escapeHtml(until)}</td></tr>` : ''}
</table>
${button(input.link, 'Ver proposta', brandColor(input))}
<p style="font-size:13px">${escapeHtml(ask)} Se o botão não funcionar, copie este endereço:<br>${escapeHtml(input.link)}</p>
<p style="font-size:12px;color:#52606d"><a href="${escapeHtml(input.stopLink)}" style="color:#52606d">Não quero receber mais lembretes</a> sobre esta proposta.</p>`,
  );
  const text = `Olá ${input.clientName},

${lead}

Total: ${input.total}${until ? `\nVálida até: ${until}` : ''}

${ask}
${input.link}

Não quero receber mais lembretes sobre esta proposta:
${input.stopLink}

— ${input.organizationName}`;
  return { subject, html, text, links: [input.link, input.stopLink] };
}

/** One line of the owner's daily summary: a proposal waiting for the client, and since when. */
export interface WaitingProposalLine {
  title: string;
  clientName: string | null;
  statusLabel: string;
  daysWaiting: number;
  link: string;
}

/** To a proposal's owner, once a day (docs/product.md#reminders): their proposals waiting for the client. */
export function ownerSummaryEmail(
  input: Branding & { firstName: string; proposals: WaitingProposalLine[]; more: number; listLink: string },
): RenderedEmail {
  const count = input.proposals.length + input.more;
  const subject = count === 1 ? '1 proposta a aguardar resposta' : `${count} propostas a aguardar resposta`;
  const days = (n: number) => (n === 1 ? '1 dia' : `${n} dias`);
  const rows = input.proposals
    .map(
      (p) =>
        `<tr><td style="padding:6px 12px 6px 0"><a href="${escapeHtml(p.link)}">${escapeHtml(p.title)}</a>${
          p.clientName
            ? `<br><span style="color:#52606d;font-size:13px">${escapeHtml(p.clientName)}</span>`
            : ''
        }</td><td style="padding:6px 12px 6px 0">${escapeHtml(p.statusLabel)}</td><td style="padding:6px 0">${escapeHtml(days(p.daysWaiting))}</td></tr>`,
    )
    .join('\n');
  const moreHtml = input.more > 0 ? `<p>E mais ${input.more} na lista de propostas.</p>` : '';
  const html = brandedLayout(
    input,
    subject,
    `<p>Olá ${escapeHtml(input.firstName)},</p>
<p>Estas propostas suas aguardam resposta do cliente:</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0;font-size:14px">
<tr><th align="left" style="padding:6px 12px 6px 0">Proposta</th><th align="left" style="padding:6px 12px 6px 0">Estado</th><th align="left" style="padding:6px 0">A aguardar há</th></tr>
${rows}
</table>
${moreHtml}
${button(input.listLink, 'Abrir propostas', brandColor(input))}`,
  );
  const lines = input.proposals.map(
    (
      p,
    ) => `- ${p.title}${p.clientName ? ` (${p.clientName})` : ''}: ${p.statusLabel}, há ${days(p.daysWaiting)}
  ${p.link}`,
  );
  const text = `Olá ${input.firstName},

Estas propostas suas aguardam resposta do cliente:

${lines.join('\n')}${input.more > 0 ? `\n\nE mais ${input.more} na lista de propostas.` : ''}

Abrir propostas:
${input.listLink}

— ${input.organizationName}`;
  return { subject, html, text, links: [input.listLink, ...input.proposals.map((p) => p.link)] };
}

/**
 * The trial's notices to the organization's admins (docs/product.md#plans): 3 days and 1 day before the end, and
 * at the end, when the organization becomes read-only.
 */
export function trialNoticeEmail(input: {
  kind: '3d' | '1d' | 'ended';
  firstName: string;
  organizationName: string;
  /** The end's date, in the organization's time zone (dd/mm/aaaa). */
  endsOn: string;
  daysLeft: number;
  link: string;
}): RenderedEmail {
  const org = input.organizationName;
  const ended = input.kind === 'ended';
  const subject = ended
    ? 'O período de teste do Aceite terminou'
    : input.kind === '1d'
      ? 'O período de teste do Aceite termina dentro de 24 horas'
      : `O período de teste do Aceite termina dentro de ${input.daysLeft} dias`;
  const lead = ended
    ? `O período de teste de ${org} terminou a ${input.endsOn}. A organização está agora só de leitura: tudo continua visível e exportável e os clientes podem responder às propostas já enviadas, mas não é possível criar nem enviar nada de novo.`
    : `O período de teste de ${org} termina a ${input.endsOn}. Depois disso, sem um plano escolhido, a organização fica só de leitura: nada é apagado, mas não é possível criar nem enviar nada de novo.`;
  const action = ended
    ? 'Escolha um plano em Configurações → Plano para voltar a criar e enviar propostas.'
    : 'Escolha um plano em Configurações → Plano para continuar sem interrupções.';
  const html = layout(
    subject,
    `<p>Olá ${escapeHtml(input.firstName)},</p>
<p>${escapeHtml(lead)}</p>
<p>${escapeHtml(action)}</p>
${button(input.link, 'Escolher um plano')}`,
  );
  const text = `Olá ${input.firstName},

${lead}

${action}
${input.link}`;
  return { subject, html, text, links: [input.link] };
}

/**
 * The SEPA pre-notification to the debtor (docs/product.md#mandates-collections-and-the-file): the amount and
 * date of the next debit, who collects it (name and creditor identifier), the mandate reference and the account,
 * masked. Sent once per collection, `SEPA_NOTICE_DAYS` before its date.
 */
export function sepaPreNotificationEmail(input: {
  debtorName: string;
  /** pt-PT money: "1 234,50 €". */
  amount: string;
  /** dd/mm/aaaa. */
  collectionDate: string;
  creditorName: string;
  creditorIdentifier: string;
  mandateReference: string;
  ibanMasked: string;
  proposalNumber: string;
  /** The organization's white-label (docs/product.md#white-label): under the creditor's name, without Aceite. */
  whiteLabel?: boolean;
}): RenderedEmail {
  const subject = `Aviso de débito direto: ${input.amount} a ${input.collectionDate}`;
  const lead = `${input.creditorName} vai debitar ${input.amount} na sua conta ${input.ibanMasked} a ${input.collectionDate}, ao abrigo da autorização de débito direto SEPA que assinou com a proposta ${input.proposalNumber}.`;
  const facts: [string, string][] = [
    ['Montante', input.amount],
    ['Data do débito', input.collectionDate],
    ['Credor', input.creditorName],
    ['Identificador de credor', input.creditorIdentifier],
    ['Referência do mandato', input.mandateReference],
    ['Conta', input.ibanMasked],
  ];
  const refund =
    'Tem direito a ser reembolsado pelo seu banco nas condições do contrato com ele celebrado; o reembolso pode ser pedido nas 8 semanas seguintes ao débito.';
  const frame = (title: string, body: string) =>
    input.whiteLabel
      ? brandedLayout(
          { organizationName: input.creditorName, primaryColor: '', whiteLabel: true },
          title,
          body,
        )
      : layout(title, body);
  const html = frame(
    subject,
    `<p>Olá ${escapeHtml(input.debtorName)},</p>
<p>${escapeHtml(lead)}</p>
<table role="presentation" style="border-collapse:collapse">${facts
      .map(
        ([k, v]) =>
          `<tr><td style="padding:2px 12px 2px 0;color:#555">${escapeHtml(k)}</td><td style="padding:2px 0">${escapeHtml(v)}</td></tr>`,
      )
      .join('')}</table>
<p>${escapeHtml(refund)}</p>`,
  );
  const text = `Olá ${input.debtorName},

${lead}

${facts.map(([k, v]) => `${k}: ${v}`).join('\n')}

${refund}`;
  return { subject, html, text, links: [] };
}
