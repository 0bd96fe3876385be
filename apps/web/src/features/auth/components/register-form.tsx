import { MESSAGES } from '@aceite/shared/messages';
import { RegisterFormSchema, RegisterInputSchema } from '@aceite/shared/schemas/auth';
import { Alert, Button, Divider, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useRegister } from '../api/register';

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
  'organizationName',
  'organizationDomain',
] as const;

interface RegisterFormProps {
  onSuccess: () => void;
}

/** Account and organization sign-up (docs/product.md#accounts-and-sign-in, #forms-and-validation). */
export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const registration = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      organizationName: '',
      organizationDomain: '',
    },
    validate: schemaResolver(RegisterFormSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit(({ confirmPassword: _confirm, ...values }) => {
    setFormError(null);
    // The API schema also normalises the optional fields (blank → absent) and checks the domain's shape.
    const input = RegisterInputSchema.safeParse(values);
    if (!input.success) {
      for (const issue of input.error.issues) {
        const field = FIELDS.find((name) => name === issue.path[0]);
        if (field) form.setFieldError(field, issue.message);
      }
      return;
    }
    registration.mutate(input.data, {
      onSuccess,
      onError: (error) => {
        // A taken email (409) belongs under the email field.
        if (error instanceof ApiError && error.status === 409) {
          form.setFieldError('email', error.message);
          return;
        }
        if (!applyServerFieldErrors(form, error, FIELDS)) {
          setFormError(errorMessage(error, MESSAGES.registerError));
        }
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Nome" autoComplete="given-name" required {...form.getInputProps('firstName')} />
          <TextInput
            label="Apelido"
            autoComplete="family-name"
            required
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          description="Pelo menos 8 caracteres."
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirmar password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Divider label="Organização (opcional)" labelPosition="left" />
        <TextInput
          label="Nome da organização"
          description="Se ficar em branco, usamos o seu nome."
          autoComplete="organization"
          {...form.getInputProps('organizationName')}
        />
        <TextInput
          label="Domínio"
          description="Por exemplo, empresa.pt. Se ficar em branco, usamos o domínio do seu email."
          autoComplete="off"
          {...form.getInputProps('organizationDomain')}
        />
        <Button type="submit" fullWidth loading={registration.isPending}>
          Criar conta
        </Button>
      </Stack>
    </form>
  );
}
