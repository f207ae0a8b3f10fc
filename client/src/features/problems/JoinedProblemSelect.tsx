import { Select } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { JoinedProblemsDocument } from '../../gql/graphql';
import { useViewer } from '../auth';

/** Picker of the viewer's joined problems in their priority order (the story dialog's Problem destination). */
export function JoinedProblemSelect({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (problemId: string | null) => void;
}) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const { data, loading } = useQuery(JoinedProblemsDocument, {
    skip: !viewer,
    fetchPolicy: 'cache-and-network',
  });
  const items = data?.joinedProblems ?? [];
  return (
    <Select
      label={t('problems:joined.label')}
      placeholder={
        loading && !data ? t('problems:joined.loading') : t('problems:joined.placeholder')
      }
      nothingFoundMessage={t('problems:joined.none')}
      data={items.map((item) => ({ value: item.id, label: item.name }))}
      value={value}
      onChange={onChange}
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}
