export function ProblemStories(_props: { problemId: string }) {
  return null;
}
