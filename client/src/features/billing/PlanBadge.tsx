import { Anchor, Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePlanLabel } from './PlanName';

/** /settings/account's plan: the same name as the user menu's, live, and the way to manage it. */
export function PlanBadge() {
  const { t } = useTranslation();
  const label = usePlanLabel();
  return (
    <Group gap="xs">
      {label ? (
        <Badge variant="light" tt="none">
          {label}
        </Badge>
      ) : null}
      <Anchor component={Link} to="/subscriptions/manage" size="sm">
        {t('billing:subscribe.manage')}
      </Anchor>
    </Group>
  );
}
