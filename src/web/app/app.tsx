import { RouterProvider } from 'react-router';
import { Analytics } from '@/web/features/consent/components/analytics';
import { AppProvider } from './provider';
import { router } from './router';

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
      <Analytics router={router} />
    </AppProvider>
  );
}
