import { EmptyState, Paper } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { DocumentTitle } from './document-title';
import { PageHeader } from './page-header';

type UnderConstructionProps = Pick<ComponentProps<typeof PageHeader>, 'title' | 'description' | 'back'>;

/** Placeholder for a private screen whose feature is not built yet. */
export function UnderConstruction({ title, description, back }: UnderConstructionProps) {
  return (
    <>
      <DocumentTitle title={title} />
      <PageHeader title={title} description={description} back={back} />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <EmptyState
          icon={<IconTools size={28} aria-hidden="true" />}
          variant="light"
          title="Em construção"
          description="Esta área está em construção."
        />
      </Paper>
    </>
  );
}
