import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { startEarlyRequests } from './lib/api-client';
import { initTheme } from './lib/theme';
import './styles.css';

// theme-init.js already set the class before paint; this syncs the store with it.
initTheme();

/*
 * What each screen asks for first, requested now, in parallel with the user call, instead of after
 * it (lib/api-client.ts, "Early requests"). The paths must be those the screens' queries request
 * (features/today/api/get-today.ts, features/items/api/get-*.ts), or the early answer goes unused.
 */
const EARLY_DATA: Record<string, readonly string[]> = {
  '/': ['/api/today'],
  '/today': ['/api/today'],
  '/all-items': ['/api/goals?showArchived=false', '/api/tasks', '/api/habits'],
};
startEarlyRequests(['/api/auth/user', ...(EARLY_DATA[window.location.pathname] ?? [])]);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
