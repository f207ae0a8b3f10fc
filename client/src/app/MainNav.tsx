import { Badge, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconBulb,
  IconChartDots3,
  IconMessageCircle,
  IconPuzzle,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useChatTotals } from '../features/chat';
import classes from './MainNav.module.css';
import { CreateMenu, type CreateKind } from './CreateMenu';
import { TAB_PATHS, tabForPath, type MainTab } from './navigation';

const TAB_ICONS: Record<MainTab, Icon> = {
  perspectives: IconBulb,
  problems: IconPuzzle,
  progress: IconChartDots3,
};

function useTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const labels: Record<MainTab, string> = {
    perspectives: t('common:nav.perspectives'),
    problems: t('common:nav.problems'),
    progress: t('common:nav.progress'),
  };
  return { active: tabForPath(pathname), labels, pathname };
}

/** Desktop top navigation: Perspectives, Problems, Progress. */
export function TopNav() {
  const { t } = useTranslation();
  const { active, labels } = useTabs();
  return (
    <Group gap={4} component="nav" aria-label={t('common:nav.main')} visibleFrom="sm">
      {(Object.keys(TAB_PATHS) as MainTab[]).map((tab) => {
        const TabIcon = TAB_ICONS[tab];
        const current = active === tab;
        return (
          <Button
            key={tab}
            component={Link}
            to={TAB_PATHS[tab]}
            variant={current ? 'light' : 'subtle'}
            color={current ? undefined : 'gray'}
            leftSection={<TabIcon size={18} />}
            aria-current={current ? 'page' : undefined}
          >
            {labels[tab]}
          </Button>
        );
      })}
    </Group>
  );
}

function BottomItem({
  to,
  label,
  icon: ItemIcon,
  current,
  badge,
}: {
  to: string;
  label: string;
  icon: Icon;
  current: boolean;
  badge?: number;
}) {
  return (
    <UnstyledButton
      component={Link}
      to={to}
      className={classes.item}
      data-active={current || undefined}
      aria-current={current ? 'page' : undefined}
    >
      <Stack gap={2} align="center">
        <ItemIcon size={22} stroke={1.7} />
        <Text size="xs" lh={1.1} fw={current ? 600 : 400}>
          {label}
        </Text>
      </Stack>
      {badge ? (
        <Badge size="xs" circle className={classes.badge}>
          {badge}
        </Badge>
      ) : null}
    </UnstyledButton>
  );
}

/** Mobile bottom bar: Perspectives, Problems, plus, Progress, Chat. */
export function BottomNav({ onCreate }: { onCreate: (kind: CreateKind) => void }) {
  const { t } = useTranslation();
  const { active, labels, pathname } = useTabs();
  const chatTotal = useChatTotals();
  return (
    <nav aria-label={t('common:nav.mobile')} className={classes.bar}>
      <BottomItem
        to={TAB_PATHS.perspectives}
        label={labels.perspectives}
        icon={IconBulb}
        current={active === 'perspectives'}
      />
      <BottomItem
        to={TAB_PATHS.problems}
        label={labels.problems}
        icon={IconPuzzle}
        current={active === 'problems'}
      />
      <div className={classes.plus}>
        <CreateMenu onCreate={onCreate} size={46} position="top" />
      </div>
      <BottomItem
        to={TAB_PATHS.progress}
        label={labels.progress}
        icon={IconChartDots3}
        current={active === 'progress'}
      />
      <BottomItem
        to="/chat"
        label={t('common:nav.chat')}
        icon={IconMessageCircle}
        current={pathname.startsWith('/chat')}
        badge={chatTotal}
      />
    </nav>
  );
}
