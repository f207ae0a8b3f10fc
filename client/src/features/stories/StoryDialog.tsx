import { StoryFormDialog } from './StoryFormDialog';

/** The plus button's Story dialog: posts a new story in the active space. */
export function StoryDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return <StoryFormDialog opened={opened} onClose={onClose} />;
}
