import { List, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { PLANS, type PlanId } from '@rules';
import { useTranslation } from 'react-i18next';
import { featureText } from './planTexts';

/** What a plan includes, from the plan definition, in the order the pages list features. */
export function PlanFeatureList({ plan }: { plan: PlanId }) {
  const { t } = useTranslation();
  return (
    <List
      spacing={6}
      size="sm"
      icon={
        <ThemeIcon size={20} radius="xl" variant="light" color="teal">
          <IconCheck size={14} />
        </ThemeIcon>
      }
    >
      {PLANS[plan].features.map((feature) => (
        <List.Item key={feature}>{featureText(t, feature)}</List.Item>
      ))}
    </List>
  );
}
