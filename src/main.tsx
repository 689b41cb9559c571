// Starts the editor on the built-in example.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@xyflow/react/dist/style.css';
import './ui/styles.css';
import exampleText from '../examples/repair-cafe.yaml?raw';
import { useDocumentStore } from './store/document-store';
import { App } from './ui/App';

useDocumentStore.getState().openText(exampleText, 'repair-cafe.yaml');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
