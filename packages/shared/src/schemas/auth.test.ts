import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import {
  LoginInputSchema,
  RegisterFormSchema,
  RegisterInputSchema,
  ResetPasswordFormSchema,
} from './auth.ts';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('auth schemas', () => {
  it('normalises the login email and defaults remember-me to false', () => {
    expect(LoginInputSchema.parse({ email: '  Ana@Exemplo.PT ', password: 'x' })).toEqual({
      email: 'ana@exemplo.pt',
      password: 'x',
      rememberMe: false,
    });
  });

  it('says the spec messages for a bad registration', () => {
    const result = RegisterFormSchema.safeParse({
      firstName: '',
      lastName: 'Silva',
      email: 'ana@',
      password: '1234567',
      confirmPassword: '1234567',
      organizationName: '',
      organizationDomain: '',
    });
    expect(messagesOf(result)).toEqual({
      firstName: MESSAGES.namesRequired,
      email: MESSAGES.emailInvalid,
      password: MESSAGES.passwordTooShort,
    });
  });

  it('requires the confirmation to match', () => {
    const result = ResetPasswordFormSchema.safeParse({ password: '12345678', confirmPassword: '12345679' });
    expect(messagesOf(result)).toEqual({ confirmPassword: MESSAGES.passwordsDontMatch });
  });

  it('drops blank optional organization fields so the server applies its defaults', () => {
    const parsed = RegisterInputSchema.parse({
      email: 'a@b.pt',
      password: '12345678',
      firstName: 'A',
      lastName: 'B',
      organizationName: '  ',
      organizationDomain: '',
    });
    expect(parsed.organizationName).toBeUndefined();
    expect(parsed.organizationDomain).toBeUndefined();
  });

  it('checks the organization domain', () => {
    const result = RegisterInputSchema.safeParse({
      email: 'a@b.pt',
      password: '12345678',
      firstName: 'A',
      lastName: 'B',
      organizationDomain: 'não é domínio',
    });
    expect(result.success).toBe(false);
  });
});
