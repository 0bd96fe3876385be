import { DEFAULT_NUMBER_PREFIX } from '@aceite/shared/proposal-number';
import { COUNTRIES } from '@aceite/shared/schemas/clients';
import type { OrganizationSettings } from '@aceite/shared/schemas/organization-settings';
import { isPortugal } from '@aceite/shared/tax-id';
import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/** The fields this section adds to the organization form's `settings`, as the form edits them. */
export function numberingDefaults(saved: Partial<OrganizationSettings>) {
  return {
    numberPrefix: saved.numberPrefix || DEFAULT_NUMBER_PREFIX,
    taxId: saved.taxId ?? '',
    taxCountry: saved.taxCountry || 'Portugal',
  };
}

export const NUMBERING_FIELDS = ['settings.numberPrefix', 'settings.taxId', 'settings.taxCountry'] as const;

type InputProps = (path: (typeof NUMBERING_FIELDS)[number]) => GetInputPropsReturnType;

/**
 * Settings → Organização: the proposal numbers' prefix (docs/product.md#proposal-numbers) and the
 * organization's own NIF and country (docs/product.md#tax-ids), shown to clients on the page and the PDF.
 */
export function NumberingSettings({
  getInputProps,
  country,
}: {
  getInputProps: InputProps;
  country: string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="md">
      <TextInput
        label="Prefixo da numeração"
        description="Ex.: ORC 2026/0001. Só muda as propostas novas."
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        maxLength={10}
        autoComplete="off"
        {...getInputProps('settings.numberPrefix')}
      />
      <NativeSelect label="País da organização" data={COUNTRIES} {...getInputProps('settings.taxCountry')} />
      <TextInput
        label={isPortugal(country) ? 'NIF da organização' : 'Número fiscal da organização'}
        description="Opcional. Aparece nas propostas."
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        autoComplete="off"
        inputMode={isPortugal(country) ? 'numeric' : undefined}
        {...getInputProps('settings.taxId')}
      />
    </SimpleGrid>
  );
}
