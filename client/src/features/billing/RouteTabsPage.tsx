import { Container, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/**
 * A page of the pricing and benefits pages: its title and intro, then the spec's children of the
 * route as tabs, each its own address (`{base}/{tab}`), and the open tab's content. Tabs wrap on a
 * phone rather than scroll, so the open one is never out of view.
 */
export function RouteTabsPage<Tab extends string>({
  title,
  intro,
  base,
  tabs,
  current,
  labelOf,
  children,
}: {
  title: string;
  intro: string;
  base: string;
  tabs: readonly Tab[];
  current: Tab;
  labelOf: (tab: Tab) => string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed">{intro}</Text>
        </div>
        <Tabs value={current} onChange={(next) => next && void navigate(`${base}/${next}`)}>
          <Tabs.List>
            {tabs.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {labelOf(name)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {children}
      </Stack>
    </Container>
  );
}
