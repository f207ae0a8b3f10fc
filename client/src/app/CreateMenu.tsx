import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconBulb, IconChartDots3, IconPlus, IconPuzzle, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRequireSignIn } from '../features/auth/LoginBox';
import { Menu } from '../components/overlays';

/** What the plus button creates: a post, or a graph (a progress map, through the map wizard). */
export type CreateKind = 'story' | 'problem' | 'solution' | 'graph';

interface Props {
  onCreate: (kind: CreateKind) => void;
  size?: ActionIconProps['size'];
  position?: 'bottom-end' | 'top';
}

/**
 * The plus button: Story, Problem, Solution, Graph. Signed out, choosing one opens the login box,
 * and the chosen dialog opens once the visitor has signed in.
 */
export function CreateMenu({ onCreate, size = 'lg', position = 'bottom-end' }: Props) {
  const { t } = useTranslation();
  const requireSignIn = useRequireSignIn();
  const label = t('common:create.open');
  const create = (kind: CreateKind) => requireSignIn(() => onCreate(kind), { resume: true });

  return (
    <Menu position={position} width={220} shadow="md" withArrow>
      <Menu.Target>
        <ActionIcon
          size={size}
          radius="xl"
          variant="filled"
          aria-label={label}
          title={label}
          data-testid="create-button"
        >
          <IconPlus size={22} stroke={2.2} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('common:create.title')}</Menu.Label>
        <Menu.Item leftSection={<IconBulb size={18} />} onClick={() => create('story')}>
          {t('common:create.story')}
        </Menu.Item>
        <Menu.Item leftSection={<IconPuzzle size={18} />} onClick={() => create('problem')}>
          {t('common:create.problem')}
        </Menu.Item>
        <Menu.Item leftSection={<IconTool size={18} />} onClick={() => create('solution')}>
          {t('common:create.solution')}
        </Menu.Item>
        <Menu.Item leftSection={<IconChartDots3 size={18} />} onClick={() => create('graph')}>
          {t('common:create.graph')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
