export function ProblemSolutions(_props: { problemId: string }) {
  return null;
}
