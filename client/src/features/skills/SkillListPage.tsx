import { Button, Card, Group, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconLock, IconPlus, IconTools } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useActiveSpace } from '../../app/useActiveSpace';
import { usePendingPosts } from '../../components/post-form/pendingPosts';
import { PostList } from '../../components/PostList';
import { SkillsDocument, type SkillListKind } from '../../gql/graphql';
import { useRequireSignIn, useViewer } from '../auth';
import { SkillCard } from './SkillCard';
import { SkillDialog } from './SkillDialog';
import { EmptyNotice } from '../../components/EmptyNotice';

export const SKILL_PAGE_WIDTH = 820;

/** /skills/public (the active space's skills) and /skills/myskills (those the viewer joined). */
export function SkillListPage({ list }: { list: SkillListKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { viewer, loading } = useViewer();
  const requireSignIn = useRequireSignIn();
  const [adding, setAdding] = useState(false);
  const add = () => requireSignIn(() => setAdding(true), { resume: true });
  const own = list === 'myskills';

  return (
    <Stack gap="md" maw={SKILL_PAGE_WIDTH} mx="auto" w="100%">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={1} size="h3">
          {own ? t('skills:mine.title') : t('skills:public.title')}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={add} style={{ flexShrink: 0 }}>
          {t('skills:list.add')}
        </Button>
      </Group>
      <Tabs value={list} onChange={(value) => value && void navigate(`/skills/${value}`)}>
        <Tabs.List>
          <Tabs.Tab value="public">{t('skills:public.tab')}</Tabs.Tab>
          {/* The viewer's own list needs an account: a visitor is not offered it. */}
          {viewer || loading ? <Tabs.Tab value="myskills">{t('skills:mine.tab')}</Tabs.Tab> : null}
        </Tabs.List>
      </Tabs>
      {own && !viewer ? (
        loading ? (
          <SkillSkeleton />
        ) : (
          <EmptyNotice
            icon={IconLock}
            title={t('skills:signIn.title')}
            hint={t('skills:signIn.list')}
            action={
              <Button onClick={() => requireSignIn(() => undefined)}>
                {t('common:auth.signIn')}
              </Button>
            }
          />
        )
      ) : (
        <SkillList key={`${list}-${viewer?.id ?? 'guest'}`} list={list} onAdd={add} />
      )}
      <SkillDialog opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}

function SkillList({ list, onAdd }: { list: SkillListKind; onAdd: () => void }) {
  const { t } = useTranslation();
  const { spaceId } = useActiveSpace();
  const query = useQuery(SkillsDocument, {
    variables: {
      list,
      spaceId: list === 'public' ? spaceId : null,
      first: 20,
    },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  // Skills published while their files upload show on top of the space's list and one's own.
  const pending = usePendingPosts('skills', list === 'public' ? spaceId : '');
  return (
    <PostList
      query={query}
      page={query.data?.skills}
      pending={pending}
      renderItem={(skill) => <SkillCard key={skill.id} skill={skill} />}
      skeleton={<SkillSkeleton />}
      errorTitle={t('skills:list.loadFailed')}
      loadMoreLabel={t('skills:list.loadMore')}
      empty={{
        icon: <IconTools size={32} />,
        title: list === 'myskills' ? t('skills:mine.empty') : t('skills:public.emptyTitle'),
        description:
          list === 'myskills' ? t('skills:mine.emptyHint') : t('skills:public.emptyDescription'),
        action: <Button onClick={onAdd}>{t('skills:list.add')}</Button>,
      }}
    />
  );
}

export function SkillSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-busy aria-label={t('skills:list.loading')}>
      {[0, 1].map((index) => (
        <Card key={index} withBorder radius="md" padding="md">
          <Skeleton height={12} width="40%" mb={10} />
          <Skeleton height={10} width="70%" />
        </Card>
      ))}
    </Stack>
  );
}
