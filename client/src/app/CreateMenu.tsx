import { ActionIcon, Badge, Menu, type ActionIconProps } from '@mantine/core';
import { IconBulb, IconChartDots3, IconPlus, IconPuzzle, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLoginBox } from '../features/auth/LoginBox';
import { useViewer } from '../features/auth/useViewer';

/** What the plus button creates; graphs (maps) come with the maps issue. */
export type CreateKind = 'story' | 'problem' | 'solution';

interface Props {
  onCreate: (kind: CreateKind) => void;
  size?: ActionIconProps['size'];
  position?: 'bottom-end' | 'top';
}

/**
 * The plus button: Story, Problem, Solution, Graph (graphs say 'coming soon' until the maps
 * issue). Signed out, it opens the login box instead.
 */
export function CreateMenu({ onCreate, size = 'lg', position = 'bottom-end' }: Props) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const { open } = useLoginBox();
  const label = t('common:create.open');

  const button = (
    <ActionIcon
      size={size}
      radius="xl"
      variant="filled"
      aria-label={label}
      title={label}
      onClick={viewer ? undefined : () => open('signin')}
      data-testid="create-button"
    >
      <IconPlus size={22} stroke={2.2} />
    </ActionIcon>
  );
  if (!viewer) return button;

  const soon = (
    <Badge size="xs" variant="light" color="gray">
      {t('common:comingSoon.badge')}
    </Badge>
  );
  return (
    <Menu position={position} width={220} shadow="md" withArrow>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('common:create.title')}</Menu.Label>
        <Menu.Item leftSection={<IconBulb size={18} />} onClick={() => onCreate('story')}>
          {t('common:create.story')}
        </Menu.Item>
        <Menu.Item leftSection={<IconPuzzle size={18} />} onClick={() => onCreate('problem')}>
          {t('common:create.problem')}
        </Menu.Item>
        <Menu.Item leftSection={<IconTool size={18} />} onClick={() => onCreate('solution')}>
          {t('common:create.solution')}
        </Menu.Item>
        <Menu.Item leftSection={<IconChartDots3 size={18} />} rightSection={soon} disabled>
          {t('common:create.graph')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
