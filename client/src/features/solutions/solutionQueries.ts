/** Lists that change when a solution is added, edited, linked or deleted; they refetch after it. */
export const SOLUTION_LIST_QUERIES = ['Solutions', 'Solution', 'Problem', 'Problems'];
