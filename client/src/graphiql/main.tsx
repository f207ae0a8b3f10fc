/**
 * The self-hosted GraphiQL at /graphiql: everything (Monaco workers included) comes from this
 * build, so it works with no network beyond the server. Queries and mutations go over HTTP with
 * the browser's session cookie; subscriptions over graphql-ws on the same /graphql path.
 */
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { createClient } from 'graphql-ws';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const wsUrl = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/graphql`;

const fetcher = createGraphiQLFetcher({
  url: '/graphql',
  headers: { 'apollo-require-preflight': 'true' },
  wsClient: createClient({ url: wsUrl, lazy: true }),
});

const defaultQuery = `# Bumps GraphQL API
#
# Signed in to the app in this browser? Your session cookie goes with every request,
# over HTTP and over the websocket, so the queries below run as you.
#
# Other clients: get a token from the signIn mutation (or POST /api/auth/login) and send
#   Authorization: Bearer <token>
# as a header (Headers tab below); websocket clients put { "token": "<token>" } in
# graphql-ws connectionParams.
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
    items {
      id
      story
      tags
      createdAt
      author {
        displayName
      }
    }
    last
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
