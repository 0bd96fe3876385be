import type { Readable } from 'node:stream';
import { MESSAGES } from '@aceite/shared/messages';
import { ZipFile } from 'yazl';
import { assertCan } from '@/lib/access.ts';
import { AppError } from '@/lib/app-error.ts';
import type { FileStorage } from '@/lib/storage.ts';
import type { TenantContext } from '@/lib/tenant-scope.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { evidenceForMembers } from '@/modules/evidence/evidence.service.ts';
import { sealedFilesOf } from '@/modules/sealed-documents/sealed-documents.service.ts';
import {
  selectAllClientProposals,
  selectAttachmentsOf,
  selectAuditRowsAbout,
  selectClientById,
} from './clients.queries.ts';

export interface ClientExport {
  fileName: string;
  stream: Readable;
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A file name safe inside a ZIP: no folders, no control characters. */
function safeName(name: string): string {
  return name.replace(/[\\/\p{Cc}]/gu, '_').slice(0, 150) || 'ficheiro';
}

const README = `Exportação dos dados de um cliente (Aceite)

cliente.json     os dados do cliente
propostas.json   as propostas feitas ao cliente, com o conteúdo, os totais e as respostas (decisões)
evidencias.json  os registos de auditoria sobre o cliente e as suas propostas (envios, códigos, respostas,
                 com data, IP, navegador e o SHA-256 do conteúdo mostrado)
cadeias-de-prova.json  a cadeia de prova de cada proposta (eventos encadeados por SHA-256), a cabeça registada
                 à parte ("head") e se está íntegra. Cada "hash" = SHA-256 em hexadecimal do "prevHash"
                 seguido do JSON canónico (RFC 8785) de { organizationId, proposalId, seq, type, occurredAt,
                 payload }; o último evento tem de ser o "head". "hiddenPayloadKeys" indica campos mostrados
                 como null (cliente pseudonimizado): o hash desse evento não se recalcula, as ligações sim.
anexos/          os ficheiros anexados às propostas (pasta por proposta)
documentos-selados/  o PDF final, selado digitalmente, de cada proposta aceite ou assinada

Valores em cêntimos de euro; datas em ISO 8601 (UTC).
`;

/**
 * The client's data as one ZIP, streamed (docs/product.md#personal-data): the client, their proposals with
 * the decisions, the audit rows about them (the evidence) and the attached files. The export is audited.
 */
export async function exportClient(
  ctx: TenantContext,
  storage: FileStorage,
  id: string,
): Promise<ClientExport> {
  assertCan(ctx.role, 'client:export');
  const client = await selectClientById(ctx, id);
  if (!client) throw new AppError('NOT_FOUND', MESSAGES.clientNotFound);
  const proposals = await selectAllClientProposals(ctx, id);
  const proposalIds = proposals.map((p) => p.id);
  const [evidence, attachments] = await Promise.all([
    selectAuditRowsAbout(ctx, id, proposalIds),
    selectAttachmentsOf(ctx, proposalIds),
  ]);

  // Every file is opened before the ZIP starts, so a missing one is left out rather than breaking the stream.
  const files: { path: string; stream: Readable }[] = [];
  for (const a of attachments) {
    const stream = await storage.get(a.storageKey);
    if (stream) files.push({ path: `anexos/${a.proposalId}/${a.id}-${safeName(a.fileName)}`, stream });
  }

  // The sealed signed PDFs and each proposal's evidence chain (docs/product.md#sealed-certificate, #evidence).
  const sealedFiles = await sealedFilesOf(ctx, storage, proposalIds);
  const chains = await Promise.all(
    proposalIds.map(async (proposalId) => ({
      proposalId,
      ...(await evidenceForMembers(ctx.db, { id: proposalId, organizationId: ctx.organizationId })),
    })),
  );

  await recordAudit(ctx.db, {
    organizationId: ctx.organizationId,
    actorId: ctx.userId,
    impersonatorId: ctx.impersonatorId ?? null,
    action: 'client.exported',
    entity: 'client',
    entityId: id,
    metadata: { proposals: proposals.length, attachments: files.length },
  });

  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(README, 'utf8'), 'LEIA-ME.txt');
  zip.addBuffer(
    json({
      id: client.id,
      name: client.name,
      company: client.company,
      email: client.email,
      phone: client.phone,
      taxId: client.taxId,
      address: {
        street: client.street,
        city: client.city,
        postalCode: client.postalCode,
        country: client.country,
      },
      notes: client.notes,
      createdAt: client.createdAt.toISOString(),
      updatedAt: client.updatedAt.toISOString(),
    }),
    'cliente.json',
  );
  zip.addBuffer(
    json(
      proposals.map((p) => ({
        id: p.id,
        title: p.title,
        description: p.description,
        status: p.status,
        currency: p.currency,
        content: p.content,
        subtotal: p.subtotal,
        discountType: p.discountType,
        discountValue: p.discountValue,
        discountAmount: p.discountAmount,
        taxRate: p.taxRate,
        taxAmount: p.taxAmount,
        totalValue: p.totalValue,
        validUntil: p.validUntil,
        currentVersion: p.currentVersion,
        viewCount: p.viewCount,
        sentAt: iso(p.sentAt),
        createdAt: p.createdAt.toISOString(),
        decision: {
          acceptedAt: iso(p.acceptedAt),
          rejectedAt: iso(p.rejectedAt),
          rejectionReason: p.rejectionReason,
          signedAt: iso(p.signedAt),
          signedByName: p.signedByName,
          signedByEmail: p.signedByEmail,
          signatureData: p.signatureData,
          answerVerification: p.answerVerification,
        },
        attachments: attachments
          .filter((a) => a.proposalId === p.id)
          .map((a) => ({
            id: a.id,
            fileName: a.fileName,
            description: a.description,
            fileSize: a.fileSize,
            mimeType: a.mimeType,
            isVisibleToClient: a.isVisibleToClient,
            createdAt: a.createdAt.toISOString(),
          })),
      })),
    ),
    'propostas.json',
  );
  zip.addBuffer(
    json(
      evidence.map((e) => ({
        id: e.id,
        action: e.action,
        entity: e.entity,
        entityId: e.entityId,
        at: e.createdAt.toISOString(),
        ip: e.ip,
        metadata: e.metadata,
      })),
    ),
    'evidencias.json',
  );
  zip.addBuffer(json(chains), 'cadeias-de-prova.json');
  for (const file of files) zip.addReadStream(file.stream, file.path);
  for (const sealed of sealedFiles)
    zip.addReadStream(sealed.stream, `documentos-selados/${sealed.proposalId}.pdf`);
  zip.end();
  return { fileName: `cliente-${id}.zip`, stream: zip.outputStream as Readable };
}
