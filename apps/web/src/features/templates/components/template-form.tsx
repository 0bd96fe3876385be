import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_CATEGORY_LABELS,
  type Template,
} from '@aceite/shared/schemas/templates';
import type { VatRegion } from '@aceite/shared/vat';
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { SectionPanel } from '@/components/section-panel';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCreateTemplate } from '../api/create-template';
import { useUpdateTemplate } from '../api/update-template';
import { BlocksEditor } from './blocks-editor';
import { ItemsEditor } from './items-editor';
import { TagsField } from './tags-field';
import {
  TemplateFormSchema,
  type TemplateFormValues,
  toFormValues,
  toTemplateInput,
} from './template-form-values';

/** Mantine's close button has no name of its own. */
const CLOSE_NOTIFICATION = { 'aria-label': 'Fechar notificação' };

const CATEGORY_OPTIONS = TEMPLATE_CATEGORIES.map((value) => ({
  value,
  label: TEMPLATE_CATEGORY_LABELS[value],
}));

const FIELDS = ['name', 'description', 'category', 'tags'] as const;

/** The first error of the tags list or of one of its tags. */
function tagsError(errors: Record<string, ReactNode>): ReactNode {
  const key = Object.keys(errors).find((name) => name === 'tags' || name.startsWith('tags.'));
  return key ? errors[key] : undefined;
}

interface TemplateFormProps {
  template?: Template;
  /** The organization's IVA region (Settings → Organização), for a new line's rate. */
  vatRegion?: VatRegion;
  cancelTo: string;
  onSuccess: (template: Template) => void;
}

/**
 * Create and edit form of a template: details, tags, content blocks and items (docs/product.md#templates).
 */
export function TemplateForm({ template, vatRegion, cancelTo, onSuccess }: TemplateFormProps) {
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TemplateFormValues>({
    initialValues: toFormValues(template),
    validate: schemaResolver(TemplateFormSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit(
    (values) => {
      setFormError(null);
      const input = toTemplateInput(values);
      const callbacks = {
        onSuccess: (saved: Template) => {
          notifications.show({
            closeButtonProps: CLOSE_NOTIFICATION,
            color: 'green',
            message: template ? 'Modelo atualizado com sucesso' : 'Modelo criado com sucesso',
          });
          onSuccess(saved);
        },
        onError: (error: unknown) => {
          if (!applyServerFieldErrors(form, error, FIELDS)) {
            setFormError(errorMessage(error, 'Erro ao guardar modelo'));
          }
        },
      };
      if (template) update.mutate({ id: template.id, input }, callbacks);
      else create.mutate(input, callbacks);
    },
    // A mistake inside a block or an item far down the page: bring the first one into view.
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) form.getInputNode(first)?.focus();
    },
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            {formError}
          </Alert>
        )}
        <SectionPanel bodyGap="md" title="Detalhes">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label="Nome" autoComplete="off" required {...form.getInputProps('name')} />
            <NativeSelect label="Categoria" data={CATEGORY_OPTIONS} {...form.getInputProps('category')} />
          </SimpleGrid>
          <Textarea
            label="Descrição"
            description="Aparece no cartão do modelo (os primeiros 100 caracteres)."
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('description')}
          />
          <TagsField
            value={form.values.tags}
            onChange={(tags) => {
              form.setFieldValue('tags', tags);
              form.setErrors(
                Object.fromEntries(Object.entries(form.errors).filter(([name]) => !name.startsWith('tags'))),
              );
            }}
            error={tagsError(form.errors)}
          />
        </SectionPanel>
        <SectionPanel
          bodyGap="md"
          title="Blocos de conteúdo"
          description="As secções de texto que a proposta vai ter, pela ordem indicada."
        >
          <BlocksEditor form={form} />
        </SectionPanel>
        <SectionPanel bodyGap="md" title="Itens" description="Preços unitários em euros, sem IVA.">
          <ItemsEditor form={form} vatRegion={vatRegion} />
        </SectionPanel>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={cancelTo}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {template ? 'Guardar alterações' : 'Criar modelo'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
