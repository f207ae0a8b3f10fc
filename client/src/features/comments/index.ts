// The comments feature: `CommentThread` goes under a post on its page (story, problem, solution, skill).
export { CommentThread } from './CommentThread';
