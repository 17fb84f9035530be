/** Entry point of the kiosk PWA. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter/wght.css';
import './styles/global.css';
import './runtime/installPrompt';
import { App } from './App';
import { registerServiceWorker } from './runtime/serviceWorker';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
registerServiceWorker();
