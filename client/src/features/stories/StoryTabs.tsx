import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useViewer } from '../auth';

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

/**
 * What a signed-out visitor can use: the space's stories. The following feed lists the tags a
 * person follows, and the other lists are the person's own, so they need an account.
 */
const PUBLIC_TABS: readonly StoryTab[] = ['recent'];

/**
 * The story lists side by side: the space's stories, the following feed and the viewer's own;
 * signed out, only the lists a visitor can read. While the session loads all show, so a
 * signed-in page does not grow tabs under the reader.
 */
export function StoryTabs({ current }: { current: StoryTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { viewer, loading } = useViewer();
  const shown = (Object.keys(STORY_TABS) as StoryTab[]).filter(
    (tab) => viewer || loading || PUBLIC_TABS.includes(tab),
  );
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
        {shown.map((tab) => (
          <Tabs.Tab key={tab} value={tab}>
            {labels[tab]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
