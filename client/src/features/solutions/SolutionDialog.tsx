export function SolutionDialog(_props: { opened: boolean; onClose: () => void }) {
  return null;
}
