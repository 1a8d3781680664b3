import '#shared/zod-config.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { openSoundOnFirstTouch } from './answer/feedback';
import { GateApp } from './GateApp';
import { codeFromLink } from './pairing/pair';
import { registerServiceWorker } from './service-worker';
import './styles.css';

openSoundOnFirstTouch();
registerServiceWorker();
// Read before the first render, once: the address is cleared of it at once.
const linkCode = codeFromLink();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <GateApp linkCode={linkCode} />
  </StrictMode>,
);
