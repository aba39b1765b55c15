// A menu entry's name beside it while the sidebar is collapsed to icons (sidebar.tsx): a chunk of its
// own with the Radix tooltip and Floating UI, loaded once the sidebar is collapsed, not with every page.
import type { ReactElement } from 'react';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip';

export default function SidebarTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <TooltipProvider delayDuration={0}>
      <Tooltip>
        <TooltipTrigger asChild>{children}</TooltipTrigger>
        <TooltipContent side="right" align="center">
          {label}
        </TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
