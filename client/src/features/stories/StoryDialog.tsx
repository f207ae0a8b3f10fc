import { StoryFormDialog } from './StoryFormDialog';

/**
 * The Story dialog: posts a new story in the active space, or to a problem. With `problemId` (the
 * problem page) the destination is that problem.
 */
export function StoryDialog({
  opened,
  onClose,
  problemId,
}: {
  opened: boolean;
  onClose: () => void;
  problemId?: string | null;
}) {
  return <StoryFormDialog opened={opened} onClose={onClose} problemId={problemId ?? null} />;
}
