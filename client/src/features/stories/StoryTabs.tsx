import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const STORY_TABS = {
  recent: '/stories/recent',
  following: '/stories/feed',
  mine: '/stories/mystories',
  drafts: '/stories/mydrafts',
  anonymous: '/anonymous/stories',
} as const;

export type StoryTab = keyof typeof STORY_TABS;

const isStoryTab = (value: string | null): value is StoryTab =>
  value !== null && Object.hasOwn(STORY_TABS, value);

/** The story lists side by side: the space's stories, the following feed and the viewer's own. */
export function StoryTabs({ current }: { current: StoryTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labels: Record<StoryTab, string> = {
    recent: t('stories:tabs.recent'),
    following: t('stories:tabs.following'),
    mine: t('stories:tabs.mine'),
    drafts: t('stories:tabs.drafts'),
    anonymous: t('stories:tabs.anonymous'),
  };
  return (
    <Tabs
      value={current}
      onChange={(value) => isStoryTab(value) && void navigate(STORY_TABS[value])}
    >
      <Tabs.List
        aria-label={t('stories:tabs.label')}
        style={{ flexWrap: 'nowrap', overflowX: 'auto' }}
      >
        {(Object.keys(STORY_TABS) as StoryTab[]).map((tab) => (
          <Tabs.Tab key={tab} value={tab}>
            {labels[tab]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
