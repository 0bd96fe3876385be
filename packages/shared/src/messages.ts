/**
 * pt-PT texts shared by the server and the screens, exactly as the product spec words them.
 * Schemas reference these so a form and the API say the same words.
 */
export const MESSAGES = {
  // Auth and validation (spec §5, §8; server-behaviour §2)
  passwordsDontMatch: 'As senhas não coincidem',
  passwordTooShort: 'A senha deve ter pelo menos 8 caracteres',
  namesRequired: 'Nome e sobrenome são obrigatórios',
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
  forgotPasswordError: 'Erro ao enviar email de recuperação',
  resetPasswordError: 'Erro ao redefinir senha',
  registerError: 'Erro ao criar conta',
  loginFallback: 'Login failed',
  registerFallback: 'Registration failed',
  forgotPasswordSent:
    'Se existir uma conta com este email, enviámos as instruções para redefinir a password.',
  passwordResetDone: 'Password redefinida com sucesso! A redirecionar para o login…',

  // Catalogue (spec §5, §8)
  clientRequired: 'Nome e Email são obrigatórios',
  taxIdTooLong: 'O NIF deve ter no máximo 9 caracteres',
  clientEmailTaken: 'Já existe um cliente com este email',
  clientHasProposals: 'Não é possível deletar este cliente porque existem propostas associadas.',
  clientNotFound: 'Cliente não encontrado',
  clientLoadError: 'Erro ao carregar cliente',
  clientSaveError: 'Erro ao salvar cliente',
  productNameRequired: 'O nome é obrigatório',
  productPriceInvalid: 'O preço deve ser igual ou superior a 0',
  productUnitRequired: 'A unidade é obrigatória',
  productNotFound: 'Produto não encontrado',
  productSkuTaken: 'Já existe um produto com este SKU',
  productLoadError: 'Erro ao carregar produto',
  productSaveError: 'Erro ao salvar produto',
  templateNameRequired: 'O nome é obrigatório',
  templateNotFound: 'Template não encontrado',
  templatesLoadError: 'Erro ao carregar templates',
  globalTemplateReadOnly: 'Os templates globais não podem ser alterados',

  // Generic (server-behaviour §1, §3)
  forbidden: 'Não tem permissão para esta ação',
  notFound: 'Recurso não encontrado',
  routeNotFound: 'Endereço da API não encontrado',
  invalidData: 'Dados inválidos',
  invalidJson: 'O corpo do pedido não é JSON válido',
  tooManyRequests: 'Demasiados pedidos. Tente novamente dentro de instantes.',
  internalError: 'Ocorreu um erro interno. Tente novamente mais tarde.',
  payloadTooLarge: 'Pedido demasiado grande',
  unsupportedMediaType: 'Tipo de conteúdo não suportado',
  somethingWentWrong: 'Algo correu mal',
} as const;
