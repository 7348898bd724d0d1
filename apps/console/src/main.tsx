/** @module main — the console's entry: its stylesheet and the router. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './console.css';
import { createConsoleRouter } from './routes.js';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={createConsoleRouter()} />
    </StrictMode>,
  );
