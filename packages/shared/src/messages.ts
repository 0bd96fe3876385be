/**
 * pt-PT texts shared by the server and the screens, exactly as the product spec words them.
 * Schemas reference these so a form and the API say the same words.
 */
export const MESSAGES = {
  // Auth and validation (docs/product.md#forms-and-validation, #errors-on-screens, #security-and-sessions)
  passwordsDontMatch: 'As passwords não coincidem',
  passwordTooShort: 'A password deve ter pelo menos 8 caracteres',
  namesRequired: 'Nome e apelido são obrigatórios',
  resetTokenMissing: 'Token de recuperação não encontrado',
  emailRequired: 'O email é obrigatório',
  emailInvalid: 'Por favor, insira um email válido',
  passwordRequired: 'A password é obrigatória',
  invalidCredentials: 'Email ou password incorretos',
  accountDisabled: 'Conta desativada',
  emailTaken: 'Já existe uma conta com este email',
  invalidOrExpiredToken: 'Token inválido ou expirado',
  sessionExpired: 'Sessão expirada. Inicie sessão novamente.',
  notAuthenticated: 'Inicie sessão para continuar.',
  sessionEnded: 'A sua sessão terminou. Inicie sessão novamente.',
  forgotPasswordError: 'Erro ao enviar email de recuperação',
  resetPasswordError: 'Erro ao redefinir a password',
  registerError: 'Erro ao criar conta',
  loginFallback: 'Não foi possível entrar',
  registerFallback: 'Não foi possível criar a conta',
  forgotPasswordSent:
    'Se existir uma conta com este email, enviámos as instruções para redefinir a password.',
  passwordResetDone: 'Password redefinida com sucesso! A redirecionar para o login…',

  // Catalogue (docs/product.md#forms-and-validation, #errors-on-screens)
  clientRequired: 'Nome e Email são obrigatórios',
  // docs/product.md#tax-ids
  taxIdInvalid: 'NIF inválido',
  // docs/product.md#proposal-numbers
  numberPrefixInvalid: 'O prefixo deve ter de 1 a 10 letras, algarismos ou hífenes',
  clientEmailTaken: 'Já existe um cliente com este email',
  clientHasProposals: 'Não é possível eliminar este cliente porque existem propostas associadas.',
  clientNotFound: 'Cliente não encontrado',
  clientLoadError: 'Erro ao carregar cliente',
  dialogLoadError: 'Não foi possível abrir a janela. Verifique a ligação e tente novamente.',
  clientSaveError: 'Erro ao guardar cliente',
  productNameRequired: 'O nome é obrigatório',
  productPriceInvalid: 'O preço deve ser igual ou superior a 0',
  productUnitRequired: 'A unidade é obrigatória',
  productNotFound: 'Produto não encontrado',
  productSkuTaken: 'Já existe um produto com este SKU',
  productLoadError: 'Erro ao carregar produto',
  productSaveError: 'Erro ao guardar produto',
  templateNameRequired: 'O nome é obrigatório',
  templateNotFound: 'Modelo não encontrado',
  templatesLoadError: 'Erro ao carregar modelos',
  globalTemplateReadOnly: 'Os modelos globais não podem ser alterados',
  // The block library (docs/product.md#block-library)
  contentBlockNameRequired: 'O nome do bloco é obrigatório',
  contentBlockNameTooLong: 'O nome do bloco tem no máximo 120 caracteres',
  contentBlockTitleTooLong: 'O título do bloco tem no máximo 300 caracteres',
  contentBlockContentTooLong: 'O texto do bloco tem no máximo 20 000 caracteres',
  contentBlockEmpty: 'O bloco precisa de um título ou de texto',
  contentBlockNotFound: 'Bloco não encontrado',
  contentBlocksLoadError: 'Erro ao carregar a biblioteca de blocos',
  contentBlockEditForbidden:
    'Só quem criou o bloco, um gestor ou um administrador o pode alterar ou eliminar',

  // Proposals (docs/product.md#forms-and-validation, #errors-on-screens)
  proposalRequired: 'Título e Cliente são obrigatórios',
  proposalNotFound: 'Proposta não encontrada',
  proposalsLoadError: 'Erro ao carregar propostas',
  proposalSaveError: 'Erro ao guardar proposta',
  proposalClientInvalid: 'O cliente escolhido não existe nesta organização',
  proposalOwnerInvalid: 'O responsável escolhido não pertence a esta organização',
  proposalOwnerCannotEdit: 'O responsável tem de poder editar propostas (um visualizador não pode)',
  proposalStatusNotAllowed: 'Este estado não pode ser escolhido no formulário',
  proposalApproveForbidden: 'Só gestores e administradores podem aprovar propostas',
  // Approvals (docs/product.md#approvals)
  approvalRequired: 'Esta proposta precisa de aprovação antes de ser enviada.',
  approvalNotNeeded: 'Esta proposta não precisa de aprovação.',
  approvalRequestNotAllowed: 'Só uma proposta em rascunho pode ser enviada para aprovação.',
  approvalNotInReview: 'Esta proposta não está à espera de aprovação.',
  approvalForbidden:
    'Só os gestores da equipa do responsável e os administradores podem aprovar esta proposta.',
  approvalCommentRequired: 'Indique o que deve ser alterado',
  /** Issue 34, M3: separation of duties when "approve own" is off. */
  approvalSeparationOfDuties:
    'Quem pediu a aprovação, ou foi responsável pela proposta desde o pedido, não a pode aprovar.',
  /** Issue 34, H1: the client cannot decide on content whose approval was re-opened. */
  proposalInReview: 'Esta proposta está em revisão. Tente novamente mais tarde.',
  approvalNoteTooLong: 'O texto pode ter no máximo 2000 caracteres',
  approvalMinTotalInvalid: 'O valor mínimo para aprovação deve ser um valor positivo em euros',
  approvalMinDiscountInvalid: 'A percentagem de desconto para aprovação deve estar entre 0 e 100',
  answeredProposalAdminOnly:
    'Esta proposta já foi respondida pelo cliente: só um administrador a pode arquivar',
  attachmentsFrozen:
    'Esta proposta já foi respondida: os anexos visíveis ao cliente já não podem ser acrescentados nem removidos',
  proposalLocked: 'Esta proposta já foi respondida e não pode ser alterada',
  percentageTooHigh: 'O desconto percentual não pode ser superior a 100',
  taxRateInvalid: 'A taxa de IVA deve estar entre 0 e 100',
  vatExemptionRequired: 'Indique o motivo de isenção de IVA.',
  vatRegionInvalid: 'Escolha a região do IVA: continente, Madeira ou Açores.',
  vatExemptionUnknown: 'Motivo de isenção de IVA desconhecido: escolha um da lista.',
  lineDiscountInvalid: 'O desconto da linha deve estar entre 0 e 100',
  quantityInvalid: 'A quantidade mínima é 1',
  unitPriceInvalid: 'O preço unitário deve ser igual ou superior a 0',
  proposalTotalTooHigh: 'O valor da proposta não pode exceder 10 000 000 000,00 €',
  rateDecimals: 'A taxa aceita no máximo duas casas decimais',
  dateOutOfRange: 'A data deve estar entre os anos 1900 e 9999',

  // Public proposal page (docs/product.md#public-page, #forms-and-validation, #errors-on-screens)
  signNameEmailRequired: 'Por favor, preencha o nome e email antes de assinar',
  signatureRequired: 'Por favor, desenhe a sua assinatura',
  signatureInvalid: 'A assinatura deve ser uma imagem PNG',
  signatureTooLarge: 'A assinatura é demasiado grande (máximo 1 MB)',
  signatureDimensions: 'A assinatura tem dimensões inválidas (máximo 4096 × 2048 píxeis)',
  alreadyAnswered: 'Esta proposta já foi respondida',
  /** A decision sent for content that is no longer the proposal's (docs/product.md#evidence). */
  proposalChanged: 'A proposta foi alterada. Recarregue a página.',
  /** A decision names the version and content the page showed (docs/product.md#content-binding). */
  shownVersionRequired: 'Indique a versão da proposta que está a ver. Recarregue a página.',
  shownContentRequired: 'Indique o resumo (SHA-256) do conteúdo que está a ver. Recarregue a página.',
  shownContentInvalid: 'Resumo do conteúdo inválido.',
  proposalReissueNotAccepted: 'Só uma proposta aceite ou assinada pode ser reemitida como nova versão.',
  proposalNotSent: 'Esta proposta ainda não foi enviada e não pode ser respondida',
  publicDecisionMembersOnly: 'Só o cliente pode responder a esta proposta',
  proposalExpired: 'Esta proposta expirou e já não pode ser respondida',
  // Client questions, change requests and cancellation (docs/product.md#client-questions-and-change-requests)
  proposalUnavailable: 'Esta proposta já não está disponível.',
  clientMessageRequired: 'Escreva a sua mensagem.',
  clientMessageTooLong: 'A mensagem pode ter no máximo 5000 caracteres.',
  clientMessageNameRequired: 'Indique o seu nome.',
  clientMessageKindInvalid: 'Escolha se é uma pergunta ou um pedido de alterações.',
  clientMessageClosed: 'Esta proposta já não aceita perguntas nem pedidos de alterações.',
  clientMessageLimit: 'Enviou demasiadas mensagens. Tente novamente mais tarde.',
  clientMessageNotFound: 'Mensagem não encontrada',
  clientMessageNoEmail: 'O cliente não tem email: não é possível enviar a resposta.',
  answerAlreadySent: 'Esta mensagem já foi respondida.',
  cancelReasonRequired: 'Indique o motivo do cancelamento.',
  proposalNotCancellable: 'Esta proposta já não pode ser cancelada.',
  proposalCancelledNoSend:
    'Esta proposta foi cancelada: já não pode ser enviada ao cliente. Duplique-a para fazer uma nova.',
  clientErasedCancellationReason: 'Cliente eliminado a pedido (RGPD)',
  proposalCancelledNoEdit:
    'Esta proposta foi cancelada: já não pode ser alterada. Duplique-a para fazer uma nova.',
  /** 'Alterar destinatário' (issue 34, H2; docs/product.md#recipient). */
  recipientNameRequired: 'Indique o nome do destinatário',
  recipientNotSent: 'A proposta ainda não foi enviada: o destinatário fica fixado no envio.',
  recipientNotChangeable:
    'O destinatário já não pode ser alterado: o cliente já respondeu ou a proposta foi cancelada.',
  recipientUnchanged: 'O destinatário indicado é o atual.',
  rejectionReasonCodeRequired: 'Escolha o motivo da rejeição.',
  rejectionReasonOtherText: 'Descreva o motivo.',
  acceptConfirm: 'Tem a certeza de que deseja aceitar esta proposta?',
  acceptSuccess: 'Proposta aceite com sucesso!',
  rejectSuccess: 'Proposta rejeitada',
  signSuccess: 'Proposta assinada com sucesso!',
  acceptError: 'Erro ao aceitar proposta',
  rejectError: 'Erro ao rejeitar proposta',
  signError: 'Erro ao assinar proposta',
  notificationNotFound: 'Notificação não encontrada',
  // The client's one-time email code before answering (issue 20)
  answerCodeRequired: 'Indique o código de 6 dígitos que enviámos por email',
  answerCodeFormat: 'O código tem 6 dígitos',
  answerCodeWrong: 'Código incorreto. Verifique o email e tente novamente.',
  answerCodeExpired: 'O código expirou ou já foi usado. Peça um novo código.',
  answerCodeTooManyAttempts: 'Demasiadas tentativas com este código. Peça um novo código.',
  answerCodeNotRequested: 'Peça primeiro o código de confirmação por email.',
  answerCodeWait: 'Já enviámos um código há menos de um minuto. Aguarde antes de pedir outro.',
  answerCodeHourLimit:
    'Foram pedidos demasiados códigos para esta proposta. Tente novamente dentro de uma hora.',
  answerCodeRecipientLimit:
    'Este endereço já recebeu demasiados códigos nesta hora. Tente novamente mais tarde.',
  answerCodeNotNeeded: 'Esta proposta não precisa de código de confirmação.',
  answerCodeSendError: 'Não foi possível enviar o código. Tente novamente.',

  // People and settings (docs/product.md#forms-and-validation, #errors-on-screens, #people-and-teams)
  userFormRequired: 'Nome, apelido e função são obrigatórios',
  userNotFound: 'Utilizador não encontrado',
  cannotChangeOwnRole: 'Não pode alterar a sua própria função',
  cannotDeactivateSelf: 'Não pode desativar a sua própria conta',
  lastAdmin: 'A organização tem de manter pelo menos um administrador ativo',
  inviteRequired: 'Email e função são obrigatórios',
  mailLimitOrganization:
    'A organização atingiu o limite de emails (convites e propostas) desta hora. Tente novamente mais tarde.',
  mailLimitRecipient: 'Este endereço já recebeu demasiados emails nesta hora. Tente novamente mais tarde.',
  registrationLimit: 'Foram criadas demasiadas contas a partir deste endereço. Tente novamente mais tarde.',
  alreadyMember: 'Esta pessoa já é membro da organização',
  invitePending: 'Já existe um convite pendente para este email',
  inviteInvalid: 'Convite inválido ou expirado',
  inviteNotFound: 'Convite não encontrado',
  teamNameRequired: 'O nome da equipa é obrigatório',
  teamNotFound: 'Equipa não encontrada',
  teamHasMembers: 'Não é possível remover uma equipa com membros. Remova ou transfira os membros primeiro.',
  teamInvalid: 'A equipa escolhida não existe nesta organização',
  managerInvalid: 'O gestor escolhido não pertence a esta organização',
  memberInvalid: 'O utilizador escolhido não pertence a esta organização',
  profileRequired: 'Nome e apelido são obrigatórios',
  passwordFieldsRequired: 'Todos os campos são obrigatórios',
  newPasswordsDontMatch: 'As passwords não coincidem',
  newPasswordTooShort: 'A password deve ter pelo menos 6 caracteres',
  currentPasswordWrong: 'A password atual está incorreta',
  organizationNameRequired: 'O nome da organização é obrigatório',
  colorInvalid: 'Cor inválida (use o formato #RRGGBB)',
  readingRetentionInvalid: 'Indique um número inteiro de meses entre 1 e 60',
  reminderDaysInvalid: 'Indique um número inteiro de dias entre 1 e 60',
  remindersStopClientOnly: 'Só o cliente pode deixar de receber os lembretes desta proposta',
  privacyContactInvalid: 'Indique um email ou um endereço web (https://…) válido',
  logoInvalid: 'O logótipo deve ser uma imagem PNG, JPEG ou WebP até 200 KB',
  profileUpdated: 'Perfil atualizado com sucesso!',
  passwordChanged: 'Password alterada com sucesso!',
  organizationUpdated: 'Configurações da organização atualizadas com sucesso!',

  // Collaboration and delivery (docs/product.md#forms-and-validation, #errors-on-screens)
  sendNoClient: 'Proposta sem cliente associado',
  emailSubjectRequired: 'O assunto do email é obrigatório',
  emailSubjectTooLong: 'O assunto pode ter no máximo 200 caracteres',
  emailMessageTooLong: 'A mensagem pode ter no máximo 5000 caracteres',
  validityDaysInvalid: 'A validade deve ser um número inteiro de dias entre 1 e 365',
  versionNotesRequired: 'Por favor, adicione notas sobre as alterações',
  versionNotFound: 'Versão não encontrada',
  versionsLoadError: 'Erro ao carregar versões',
  versionCreateError: 'Erro ao criar versão',
  commentRequired: 'O comentário não pode estar vazio',
  commentNotFound: 'Comentário não encontrado',
  commentsLoadError: 'Erro ao carregar comentários',
  commentCreateError: 'Erro ao criar comentário',
  commentDeleteError: 'Erro ao eliminar comentário',
  fileTooLarge: 'Ficheiro demasiado grande. Tamanho máximo: 10MB',
  uploadLimit: 'Foram carregados demasiados ficheiros nesta hora. Tente novamente mais tarde.',
  fileTypeNotAllowed:
    'Tipo de ficheiro não permitido. Use PDF, Word, Excel, PowerPoint, TXT, CSV ou imagens.',
  fileRequired: 'Escolha um ficheiro para anexar',
  attachmentNotFound: 'Anexo não encontrado',
  attachmentsLoadError: 'Erro ao carregar anexos',
  attachmentsDisabled: 'A funcionalidade de anexos está temporariamente desativada.',

  // Platform administration
  // (docs/product.md#roles-and-permissions, #errors-on-screens, #platform-administration)
  impersonateSuperadmin: 'Não é possível impersonar outro superadmin',
  impersonateInactive: 'Não é possível impersonar um utilizador inativo',
  impersonateSelf: 'Não é possível impersonar-se a si próprio',
  notImpersonating: 'Não existe uma sessão de impersonation ativa',
  impersonateError: 'Erro ao impersonar utilizador',
  stopImpersonateError: 'Erro ao parar impersonation',
  adminUsersLoadError: 'Erro ao carregar utilizadores',

  // Generic (docs/product.md#api-conventions, #roles-and-permissions)
  forbidden: 'Não tem permissão para esta ação',
  notFound: 'Recurso não encontrado',
  routeNotFound: 'Endereço da API não encontrado',
  invalidData: 'Dados inválidos',
  /** NUL or a lone UTF-16 surrogate anywhere in a request (docs/decisions.md, "Unstorable text is refused"). */
  invalidCharacters: 'O texto contém caracteres inválidos.',
  invalidJson: 'O corpo do pedido não é JSON válido',
  tooManyRequests: 'Demasiados pedidos. Tente novamente dentro de instantes.',
  accountSignInLimit:
    'Demasiadas tentativas falhadas para esta conta. Tente novamente dentro de 15 minutos ou recupere a palavra-passe.',
  internalError: 'Ocorreu um erro interno. Tente novamente mais tarde.',
  payloadTooLarge: 'Pedido demasiado grande',
  unsupportedMediaType: 'Tipo de conteúdo não suportado',
  somethingWentWrong: 'Algo correu mal',
  // Sealed certificate and verification (docs/product.md#sealed-certificate, #verification)
  sealedNotAvailable: 'Esta proposta ainda não tem documento selado.',
  sealedPending: 'O documento selado ainda está a ser preparado. Tente novamente daqui a instantes.',
  verificationNoMatch: 'Nenhum documento selado pelo Aceite corresponde a este código ou ficheiro.',
  verificationFileAltered:
    'Este ficheiro foi alterado depois de selado: não é o documento que o Aceite selou.',
  verificationFileMatches: 'O ficheiro é exatamente o documento que o Aceite selou.',
  verificationCodeInvalid: 'Código de verificação inválido (12 caracteres, por exemplo ABCD-EFGH-JK23).',
  verificationHashInvalid: 'Impressão digital do ficheiro inválida (SHA-256 em hexadecimal).',
  verificationInputRequired: 'Indique o código de verificação ou escolha o ficheiro PDF.',
} as const;

/**
 * The superadmin's plan tools and the upgrade requests (docs/product.md#plans): said by the server and its
 * schemas only (the screens show the server's words), so apart from `MESSAGES`, which every screen's bundle
 * carries whole (docs/architecture.md#budgets).
 */
export const PLAN_MESSAGES = {
  organizationNotFound: 'Organização não encontrada',
  planInvalid: 'Escolha um plano: Starter, Professional ou Enterprise',
  billingPeriodInvalid: 'Escolha a faturação: mensal ou anual',
  trialDaysInvalid: 'Indique entre 1 e 90 dias',
  trialNotOnTrial: 'A organização tem um plano escolhido: não há período de teste para prolongar.',
  upgradeNoteTooLong: 'A nota tem no máximo 1000 caracteres',
  upgradeSamePlan: 'A organização já está neste plano. Escolha outro plano.',
  upgradeRequestNotFound: 'Pedido de mudança de plano não encontrado',
  upgradeRequestResolved: 'Este pedido de mudança de plano já foi tratado.',
} as const;
