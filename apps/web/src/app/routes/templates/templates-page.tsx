import { TEMPLATE_CATEGORIES } from '@aceite/shared/schemas/templates';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { usePlanLimitReason } from '@/api/plan-usage';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { PlanLimitNotice } from '@/components/plan-limit-notice';
import { paths } from '@/config/paths';
import type { TemplateCategory, TemplateListParams } from '@/features/templates/api/keys';
import { TemplatesGrid } from '@/features/templates/components/templates-grid';
import { useCan } from '@/lib/authorization';

const isCategory = (value: string | null): value is TemplateCategory =>
  value !== null && (TEMPLATE_CATEGORIES as readonly string[]).includes(value);

export function TemplatesPage() {
  const canWrite = useCan('catalogue:write') === true;
  const canUse = useCan('template:use') === true;
  const [searchParams, setSearchParams] = useSearchParams();
  // The plan's templates, shown before the user tries (docs/product.md#plans); the usage is the admins' to read.
  const limitReason = usePlanLimitReason('templates', useCan('organization:manage') === true);
  const category = searchParams.get('category');
  const params: TemplateListParams = {
    search: searchParams.get('search') ?? '',
    category: isCategory(category) ? category : '',
  };

  const change = (next: Partial<TemplateListParams>) => {
    const merged = { ...params, ...next };
    const query = new URLSearchParams();
    if (merged.search) query.set('search', merged.search);
    if (merged.category) query.set('category', merged.category);
    // Typing replaces the URL (no history entry per letter); choosing a category adds one.
    setSearchParams(query, { replace: 'search' in next && !('category' in next), preventScrollReset: true });
  };

  return (
    <>
      <DocumentTitle title="Modelos" />
      <PageHeader
        title="Modelos"
        description="Modelos reutilizáveis para criar propostas em minutos."
        actions={
          canWrite &&
          (limitReason ? (
            <Stack gap={4} align="flex-end">
              <Button
                leftSection={<IconPlus size={18} aria-hidden="true" />}
                disabled
                aria-describedby="templates-plan-limit"
              >
                Novo modelo
              </Button>
              <PlanLimitNotice id="templates-plan-limit" reason={limitReason} />
            </Stack>
          ) : (
            <Button
              component={Link}
              to={paths.templateNew}
              leftSection={<IconPlus size={18} aria-hidden="true" />}
            >
              Novo modelo
            </Button>
          ))
        }
      />
      <TemplatesGrid params={params} onChange={change} canUse={canUse} canWrite={canWrite} />
    </>
  );
}
