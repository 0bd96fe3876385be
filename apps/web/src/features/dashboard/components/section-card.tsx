import { Anchor, Group, Paper, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';

interface SectionCardProps {
  title: string;
  /** A link in the card's header, e.g. to the full list. */
  link?: { to: string; label: string };
  children: ReactNode;
}

/** A titled panel of the dashboard, a `section` named by its heading. */
export function SectionCard({ title, link, children }: SectionCardProps) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {link && (
          <Anchor component={Link} to={link.to} size="sm" fw={600}>
            <Group gap={4} wrap="nowrap" component="span">
              {link.label}
              <IconArrowRight size={14} aria-hidden="true" />
            </Group>
          </Anchor>
        )}
      </Group>
      {children}
    </Paper>
  );
}
