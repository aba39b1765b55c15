import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';

/** A titled dashboard card; a named region, so it can be found by its title. */
export function StatCard({ title, icon, className, children }: { title: string; icon?: ReactNode; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card spacing="sm" className={className} role="region" aria-labelledby={id}>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle id={id} className="text-muted-foreground text-sm font-medium">
          {title}
        </CardTitle>
        {icon}
      </CardHeader>
      <CardContent className="grid gap-2">{children}</CardContent>
    </Card>
  );
}
