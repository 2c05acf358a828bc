//! Start-up: colour mode before the first paint, fatal-error handlers, the current user and the
//! build check, then the React tree. A failed mount is logged and rethrown.
import '@picocss/pico/css/pico.min.css';
import './styles/primary.css';
import './styles/shell.css';
import './styles/widgets.css';
import './styles/user-menu.css';
import './styles/notifications.css';
import './styles/forms.css';
import './styles/lists.css';
import './styles/touch.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installFatalHandlers } from './app/fatal';
import { setViewportWidth } from './app/sidebar';
import { startBuildChecks } from './lib/build';
import { loadCurrentUser } from './lib/session';
import { startTheme } from './lib/theme';

try {
  startTheme();
  setViewportWidth(window.innerWidth);
  installFatalHandlers();
  void loadCurrentUser();
  startBuildChecks();
  createRoot(document.getElementById('app')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} catch (error) {
  console.error('Error while mounting app:', error);
  throw error;
}
