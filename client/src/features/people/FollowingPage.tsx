import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FollowingPeopleDocument } from '../../gql/graphql';
import { RequireSignIn, useViewer } from '../auth';
import { PagedList } from './PagedList';
import { PEOPLE_PAGE_WIDTH } from './ProfilePage';
import { UserCard } from './UserCard';

/** /following: the people I follow (signed out, the sign-in page). */
export function FollowingPage() {
  return (
    <RequireSignIn>
      <FollowingList />
    </RequireSignIn>
  );
}

function FollowingList() {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  return (
    <Stack gap="md" maw={PEOPLE_PAGE_WIDTH} mx="auto" w="100%">
      <Title order={1} size="h3">
        {t('people:following.title')}
      </Title>
      <PagedList
        query={FollowingPeopleDocument}
        variables={{ userId: viewer?.id ?? '' }}
        field="followingPeople"
        render={(person) => <UserCard key={person.id} person={person} />}
        empty={t('people:following.empty')}
      />
    </Stack>
  );
}
