import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { ApiProvider } from './data/swr';
import { Layout } from './components/Layout';
import { Toaster } from './components/toast';
import { Routes } from './routes';

// The spec: unhandled rejections mentioning 401 or Network are expected (signed out, offline) and ignored.
window.addEventListener('unhandledrejection', (event) => {
  const message = String((event.reason as Error | undefined)?.message ?? event.reason ?? '');
  if (message.includes('401') || message.includes('Network')) event.preventDefault();
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ApiProvider>
      <Layout>
        <Routes />
      </Layout>
      <Toaster />
    </ApiProvider>
  </StrictMode>,
);
