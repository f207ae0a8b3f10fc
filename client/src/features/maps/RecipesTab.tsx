import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequireSignIn } from '../auth';
import { MapList } from './MapList';
import { mapListVariables } from './mapLists';
import { MapWizardDialog } from './MapWizard';

/**
 * The problem page's Recipes tab: the problem's recipes (its 2D graph maps) and New Recipe, the
 * wizard with the type fixed.
 */
export function RecipesTab({ problemId }: { problemId: string }) {
  const { t } = useTranslation();
  const requireSignIn = useRequireSignIn();
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" c="dimmed">
          {t('maps:recipes.intro')}
        </Text>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => requireSignIn(() => setCreating(true), { resume: true })}
          style={{ flexShrink: 0 }}
        >
          {t('maps:recipes.new')}
        </Button>
      </Group>
      <MapList
        variables={mapListVariables({ problemId })}
        view="cards"
        empty={{ title: t('maps:recipes.empty') }}
        noMatch={t('maps:list.noSearchMatch')}
      />
      <MapWizardDialog opened={creating} onClose={() => setCreating(false)} problemId={problemId} />
    </Stack>
  );
}
