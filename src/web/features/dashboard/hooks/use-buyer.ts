// The signed-in buyer, handed to dashboard pages by the layout once it is known (never null there).
import { useOutletContext } from 'react-router';
import type { Me } from '@/contracts/auth';

export interface DashboardContext {
  me: Me;
}

export function useBuyer(): Me {
  return useOutletContext<DashboardContext>().me;
}
