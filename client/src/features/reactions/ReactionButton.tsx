import { Button, Group, SimpleGrid, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { REACTION_EMOJI, REACTION_KINDS } from '@rules';
import { IconMoodSmile } from '@tabler/icons-react';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../components/notify';
import type { ReactableItemType, ReactionKind } from '../../gql/graphql';
import { useRequireSignIn } from '../auth';
import type { ReactableItem } from './reactionCache';
import { useReaction } from './useReaction';
import { Popover, Tooltip } from '../../components/overlays';

// Who reacted loads when someone asks to see it.
const ReactionListDialog = lazy(() =>
  import('./ReactionListDialog').then((m) => ({ default: m.ReactionListDialog })),
);

export interface ReactionButtonProps {
  itemType: ReactableItemType;
  item: ReactableItem;
}

/**
 * The viewer's reaction on an item ('React?' when none) with a picker of the seven kinds; choosing
 * the current one again, or None, takes it off. Beside it, the kinds in use with their counts open
 * the reaction list dialog. Signed out, the button opens the login box.
 */
export function ReactionButton({ itemType, item }: ReactionButtonProps) {
  const { t } = useTranslation();
  const requireSignIn = useRequireSignIn();
  const setReaction = useReaction();
  const [picking, picker] = useDisclosure(false);
  const [listing, list] = useDisclosure(false);
  const current = item.reaction ?? null;
  const titleId = useId();

  const choose = (next: ReactionKind | null) => {
    picker.close();
    setReaction(itemType, item, next).catch(notifyError);
  };

  return (
    <Group gap="xs" wrap="nowrap">
      <Popover opened={picking} onChange={picker.toggle} position="top-start" withArrow shadow="md">
        <Popover.Target>
          <Button
            size="compact-sm"
            variant={current ? 'light' : 'subtle'}
            aria-haspopup="dialog"
            aria-expanded={picking}
            leftSection={
              current ? (
                <span aria-hidden>{REACTION_EMOJI[current]}</span>
              ) : (
                <IconMoodSmile size={16} aria-hidden />
              )
            }
            onClick={() => requireSignIn(picker.toggle)}
          >
            {current ? t(`reactions:kinds.${current}`) : t('reactions:none')}
          </Button>
        </Popover.Target>
        {/* Mantine names a dropdown after its target ('React?'); the picker says what it is. */}
        <Popover.Dropdown p={6} aria-labelledby={titleId}>
          <VisuallyHidden id={titleId}>{t('reactions:picker')}</VisuallyHidden>
          <SimpleGrid cols={4} spacing={4} verticalSpacing={4}>
            {REACTION_KINDS.map((kind) => (
              <Tooltip key={kind} label={t(`reactions:kinds.${kind}`)} withinPortal={false}>
                <Button
                  size="compact-md"
                  variant={kind === current ? 'light' : 'subtle'}
                  aria-pressed={kind === current}
                  aria-label={t(`reactions:kinds.${kind}`)}
                  onClick={() => choose(kind)}
                >
                  <span aria-hidden>{REACTION_EMOJI[kind]}</span>
                </Button>
              </Tooltip>
            ))}
            <Button
              size="compact-md"
              variant="subtle"
              color="gray"
              disabled={!current}
              onClick={() => choose(null)}
            >
              {t('reactions:remove')}
            </Button>
          </SimpleGrid>
        </Popover.Dropdown>
      </Popover>
      {item.reactionCounts.length ? (
        <UnstyledButton
          onClick={list.open}
          aria-label={t('reactions:list.open', { count: item.counters.totalReactions })}
          fz="sm"
        >
          {item.reactionCounts.map(({ reaction, count }) => (
            <span key={reaction} style={{ marginInlineEnd: 6 }}>
              <span aria-hidden>{REACTION_EMOJI[reaction]}</span> {count}
            </span>
          ))}
        </UnstyledButton>
      ) : null}
      {listing ? (
        <Suspense fallback={null}>
          <ReactionListDialog
            opened={listing}
            onClose={list.close}
            itemType={itemType}
            itemId={item.id}
            counts={item.reactionCounts}
            totalReactions={item.counters.totalReactions}
          />
        </Suspense>
      ) : null}
    </Group>
  );
}
