// The loop search off the main thread: a dense map's circuits can take a while to enumerate, and
// the canvas must keep panning meanwhile. One request at a time; an answer names its request, so
// the page drops one a newer request has replaced.
import {
  findFeedbackLoops,
  type FeedbackLoopResult,
  type LoopGraph,
} from '../../../../../schema/rules/map-loops';

export interface LoopsRequest {
  id: number;
  graph: LoopGraph;
  maxLength?: number;
  maxLoops?: number;
}

export interface LoopsAnswer {
  id: number;
  result: FeedbackLoopResult;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<LoopsRequest>) => void) | null;
  postMessage: (answer: LoopsAnswer) => void;
};

scope.onmessage = ({ data }) => {
  const result = findFeedbackLoops(data.graph, {
    maxLength: data.maxLength,
    maxLoops: data.maxLoops,
  });
  scope.postMessage({ id: data.id, result });
};
