export function StoryDialog(_props: { opened: boolean; onClose: () => void }) {
  return null;
}
