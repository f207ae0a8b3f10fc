import { Stack, Tabs, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuilding, IconSearch, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PEOPLE_SEARCH_MAX, type Directory } from '@rules';
import { OrgsDocument, PeopleDocument } from '../../gql/graphql';
import { PagedList } from './PagedList';
import { PEOPLE_PAGE_WIDTH } from './ProfilePage';
import { UserCard } from './UserCard';

/** /network/people and /network/orgs: the directories with a name search. */
export function PeopleDirectoryPage({ directory }: { directory: Directory }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const variables = { query: query || null };
  return (
    <Stack gap="md" maw={PEOPLE_PAGE_WIDTH} mx="auto" w="100%">
      <Title order={1} size="h3">
        {t('people:directory.title')}
      </Title>
      <Tabs value={directory} onChange={(value) => value && void navigate(`/network/${value}`)}>
        <Tabs.List>
          <Tabs.Tab value="people" leftSection={<IconUsers size={16} />}>
            {t('people:directory.people')}
          </Tabs.Tab>
          <Tabs.Tab value="orgs" leftSection={<IconBuilding size={16} />}>
            {t('people:directory.orgs')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('people:directory.search')}
        aria-label={t('people:directory.search')}
        value={search}
        maxLength={PEOPLE_SEARCH_MAX}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {directory === 'people' ? (
        <PagedList
          query={PeopleDocument}
          variables={variables}
          field="people"
          render={(person) => <UserCard key={person.id} person={person} />}
          empty={t('people:directory.noUsers')}
        />
      ) : (
        <PagedList
          query={OrgsDocument}
          variables={variables}
          field="orgs"
          render={(person) => <UserCard key={person.id} person={person} />}
          empty={t('people:directory.noUsers')}
          emptyIcon={<IconBuilding size={32} />}
        />
      )}
    </Stack>
  );
}
