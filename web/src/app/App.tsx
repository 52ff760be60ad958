import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { createQueryClient } from '../api/queryClient';
import { seedFirstScreen } from '../api/firstScreen';
import { ToastProvider } from '../components/toast/ToastProvider';
import { GlobalStyle } from './GlobalStyle';
import { routes } from './routes';
import { theme } from './theme';

const queryClient = createQueryClient();
seedFirstScreen(queryClient);
function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <ToastProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
