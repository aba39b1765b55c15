// Top buyers by approved deposits (PRODUCT.md §4): Number, Player (masked by the server), Deposits,
// Status (level name and icon).
import type { Leaderboard } from '@/contracts/orders';
import { LEVELS, levelIcon } from '@/domain/levels';
import { formatUsd } from '@/web/lib/format';

type Row = Leaderboard['rows'][number];

function LevelCell({ level }: { level: string | null }) {
  const known = LEVELS.find((l) => l.name === level);
  if (!level) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      {known ? <img src={levelIcon(known.name)} alt="" width={20} height={20} className="size-5" /> : null}
      {level}
    </span>
  );
}

export function LeaderboardTable({ rows }: { rows: Row[] }) {
  return (
    <div className="relative overflow-x-auto rounded-md border">
      <table className="w-full min-w-[20rem] text-sm">
        <thead className="bg-muted/50 text-muted-foreground text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Number
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Player
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Deposits
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.rank} className="border-t">
              <td className="px-3 py-2 font-medium tabular-nums">{row.rank}</td>
              <td className="px-3 py-2 font-mono text-xs sm:text-sm">{row.player}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatUsd(row.depositsUsd)}</td>
              <td className="px-3 py-2">
                <LevelCell level={row.level} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
