export const settingsKeys = {
  all: ['settings'] as const,
  profile: () => [...settingsKeys.all, 'profile'] as const,
  organization: () => [...settingsKeys.all, 'organization'] as const,
  branding: () => [...settingsKeys.all, 'branding'] as const,
  payments: () => [...settingsKeys.all, 'payments'] as const,
  emailSender: () => [...settingsKeys.all, 'email-sender'] as const,
  upgradeRequest: () => [...settingsKeys.all, 'upgrade-request'] as const,
};
