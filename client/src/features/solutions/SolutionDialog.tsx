export function SolutionDialog(_props: { opened: boolean; onClose: () => void; problemId?: string }) {
  return null;
}
