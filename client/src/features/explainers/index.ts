export { ExplainerCard } from './ExplainerCard';
export { ResetExplainersCard } from './ResetExplainersCard';
