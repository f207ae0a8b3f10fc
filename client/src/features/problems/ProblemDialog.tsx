export function ProblemDialog(_props: { opened: boolean; onClose: () => void }) {
  return null;
}
