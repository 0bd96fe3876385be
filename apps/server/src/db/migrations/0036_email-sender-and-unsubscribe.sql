ALTER TABLE "email_outbox" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
-- Issue 35: delivery logs written before showed the connection's own error text (addresses, codes); they now
-- say what went wrong in a few words (WEBHOOK_DELIVERY_ERRORS), old rows included.
UPDATE "webhook_attempts" SET "response_body" = CASE
  WHEN "response_body" LIKE '%not allowed%' THEN 'Endereço não permitido'
  WHEN "response_body" LIKE 'timeout after%' OR "response_body" LIKE '%ETIMEDOUT%' THEN 'Tempo esgotado'
  WHEN "response_body" LIKE '%ECONNREFUSED%' THEN 'Ligação recusada'
  WHEN "response_body" LIKE '%ENOTFOUND%' OR "response_body" LIKE '%EAI_AGAIN%' THEN 'Endereço não encontrado'
  WHEN "response_body" ~* '(certificate|ssl|tls|wrong version number)' THEN 'Erro de TLS'
  WHEN "response_body" LIKE '%ECONNRESET%' OR "response_body" LIKE '%socket hang up%' THEN 'Ligação interrompida'
  ELSE 'Erro de ligação'
END
WHERE "response_status" IS NULL AND "response_body" <> '';
