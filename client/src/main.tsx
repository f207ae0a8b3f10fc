import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import { ApolloProvider } from '@apollo/client/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { apolloClient } from './app/apollo';
import { i18n, textsLoaded } from './app/i18n';
import { router } from './app/router';
import { reloadOnStaleChunks } from './app/staleChunks';
import { ThemeProvider } from './app/ThemeProvider';
import { Toasts } from './app/Toasts';
import { TopErrorBoundary } from './components/TopErrorBoundary';

reloadOnStaleChunks();

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <TopErrorBoundary>
        <I18nextProvider i18n={i18n}>
          <ThemeProvider>
            <Toasts />
            <ApolloProvider client={apolloClient}>
              <RouterProvider router={router} />
            </ApolloProvider>
          </ThemeProvider>
        </I18nextProvider>
      </TopErrorBoundary>
    </StrictMode>,
  );

// The first render waits for the shown language's texts (a chunk of their own); were they to fail to
// load, the app still starts, showing the texts' keys, and the error boundary can explain.
void textsLoaded.catch((error: unknown) => console.error(error)).then(render);
