import { TEMPLATE_CATEGORY_LABELS, type Template } from '@aceite/shared/schemas/templates';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArchive, IconPencil, IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * A card shows at most this many tags and cuts the description at this many characters
 * (docs/product.md#templates, #limits-and-defaults).
 */
export const CARD_TAG_LIMIT = 3;
export const CARD_DESCRIPTION_LIMIT = 100;

export function cutText(text: string | null, limit: number): string {
  if (!text) return '';
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}…` : text;
}

export function formatUseCount(count: number): string {
  if (count === 0) return 'Ainda não foi usado';
  return count === 1 ? 'Usado 1 vez' : `Usado ${count} vezes`;
}

interface TemplateCardProps {
  template: Template;
  /** Sales, manager and admin may start a proposal from it. */
  canUse: boolean;
  /** Manager and admin may edit and archive the organization's own templates. */
  canWrite: boolean;
  onUse: (template: Template) => void;
  onArchive: (template: Template) => void;
  using: boolean;
  archiving: boolean;
}

/** One template of the grid: name, category, up to 3 tags, the description cut at 100, the use count. */
export function TemplateCard({
  template,
  canUse,
  canWrite,
  onUse,
  onArchive,
  using,
  archiving,
}: TemplateCardProps) {
  const shownTags = template.tags.slice(0, CARD_TAG_LIMIT);
  const hiddenTags = template.tags.length - shownTags.length;
  const editable = canWrite && !template.isGlobal;
  const titleId = `template-${template.id}-title`;

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      h="100%"
      component="article"
      aria-labelledby={titleId}
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Stack gap="xs" style={{ flex: 1 }}>
        <Group gap={6}>
          <Badge variant="light" radius="sm">
            {TEMPLATE_CATEGORY_LABELS[template.category]}
          </Badge>
          {template.isGlobal && (
            <Tooltip label="Modelo da plataforma: pode usá-lo, mas não editá-lo">
              <Badge
                variant="light"
                color="teal"
                radius="sm"
                leftSection={<IconWorld size={12} aria-hidden="true" />}
              >
                Global
              </Badge>
            </Tooltip>
          )}
        </Group>
        <Title order={2} size="h4" id={titleId} lh={1.3}>
          {template.name}
        </Title>
        {template.description && (
          <Text size="sm" c="dimmed" title={template.description}>
            {cutText(template.description, CARD_DESCRIPTION_LIMIT)}
          </Text>
        )}
        {shownTags.length > 0 && (
          <Group gap={6} component="ul" aria-label="Etiquetas" p={0} m={0} style={{ listStyle: 'none' }}>
            {shownTags.map((tag) => (
              <li key={tag}>
                <Badge variant="default" radius="xl" tt="none" fw={500}>
                  {tag}
                </Badge>
              </li>
            ))}
            {hiddenTags > 0 && (
              <li>
                <Text size="xs" c="dimmed">
                  {`+${hiddenTags}`}
                </Text>
              </li>
            )}
          </Group>
        )}
      </Stack>
      <Text size="xs" c="dimmed" mt="md">
        {formatUseCount(template.useCount)}
      </Text>
      {(canUse || editable) && (
        <Group justify="space-between" mt="sm" gap="xs" wrap="nowrap">
          {canUse ? (
            <Button size="sm" onClick={() => onUse(template)} loading={using}>
              Usar modelo
            </Button>
          ) : (
            <span />
          )}
          {editable && (
            <Group gap={4} wrap="nowrap">
              <Tooltip label="Editar">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  component={Link}
                  to={paths.templateEdit(template.id)}
                  aria-label={`Editar ${template.name}`}
                >
                  <IconPencil size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Arquivar">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  onClick={() => onArchive(template)}
                  loading={archiving}
                  aria-label={`Arquivar ${template.name}`}
                >
                  <IconArchive size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
      )}
    </Card>
  );
}
