export function JoinedProblemSelect(_props: { value: string | null; onChange: (problemId: string | null) => void }) {
  return null;
}
