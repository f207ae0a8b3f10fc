import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SkillCardFragment } from '../../gql/graphql';
import { BookmarkButton } from '../bookmarks';
import { ShareButton } from '../share';
import { useJoinSkill } from './useJoinSkill';

/** A skill's bookmark and share once approved, and Join/Leave: on its card and its page. */
export function SkillActions({ skill }: { skill: SkillCardFragment }) {
  const { t } = useTranslation();
  const { toggle, busy } = useJoinSkill();
  return (
    <Group gap="xs">
      {skill.isApproved ? <BookmarkButton itemType="skills" item={skill} /> : null}
      {skill.isApproved ? (
        <ShareButton target={{ kind: 'skill', id: skill.id }} spaceId={skill.spaceId} />
      ) : null}
      <Button
        size="xs"
        variant={skill.joined ? 'default' : 'filled'}
        loading={busy}
        onClick={() => toggle(skill)}
      >
        {skill.joined ? t('skills:card.leave') : t('skills:card.join')}
      </Button>
    </Group>
  );
}
