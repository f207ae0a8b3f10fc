/** Lists that change when a problem is added, edited, joined or left; they refetch after the write. */
export const PROBLEM_LIST_QUERIES = ['Problems', 'JoinedProblems'];
