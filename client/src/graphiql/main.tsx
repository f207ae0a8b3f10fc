/**
 * The self-hosted GraphiQL at /graphiql: everything (Monaco workers included) comes from this
 * build, so it works with no network beyond the server. Queries and mutations go over HTTP with
 * the browser's session cookie; subscriptions over graphql-ws on the same /graphql path. The
 * Headers tab goes with both: over HTTP as headers, and as a subscription's graphql-ws
 * connectionParams, where the server reads `Authorization` as it does over HTTP.
 */
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { createGraphiQLFetcher, type Fetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { createClient } from 'graphql-ws';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const wsUrl = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/graphql`;

/**
 * A fetcher for each run, so that a subscription's socket opens with that run's headers as its
 * connectionParams. The client is lazy: it opens a socket only for a subscription, and closes it
 * when the subscription ends.
 */
const fetcher: Fetcher = (params, options) =>
  createGraphiQLFetcher({
    url: '/graphql',
    headers: { 'apollo-require-preflight': 'true' },
    wsClient: createClient({ url: wsUrl, lazy: true, connectionParams: options?.headers ?? {} }),
  })(params, options);

const defaultQuery = `# Bumps GraphQL API
#
# Signed in to the app in this browser? Your session cookie goes with every request,
# over HTTP and over the websocket, so the queries below run as you.
#
# Other clients: get a token from the signIn mutation (or POST /api/auth/login) and send
#   Authorization: Bearer <token>
# as a header (Headers tab below: it goes with subscriptions too); websocket clients put
# { "token": "<token>" } in graphql-ws connectionParams.
#
# Run one operation at a time with the play button. Start the subscription, then post a
# story in the app: it appears here live.

query Me {
  me {
    id
    displayName
    role
    appLang
    defaultSpace {
      spaceId
      spaceName
    }
  }
}

query RecentStories {
  stories(first: 5) {
    edges {
      cursor
      node {
        id
        story
        tags
        createdAt
        author {
          displayName
        }
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}

subscription NewStories {
  storyAdded {
    id
    story
    tags
    author {
      displayName
    }
  }
}
`;

createRoot(document.getElementById('graphiql')!).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} defaultQuery={defaultQuery} />
  </StrictMode>,
);
