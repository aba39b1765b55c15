import type { StagePiece } from '@/domain/stages';
import { piecesText } from '@/domain/stages';

/** "2,000 at $0.0100 + 500 at $0.0105", wrapping only between pieces (never inside a price on a phone). */
export function StagePieces({ pieces }: { pieces: readonly Pick<StagePiece, 'tokens' | 'priceUsd'>[] }) {
  return (
    <span className="break-normal">
      {pieces.map((piece, i) => (
        <span key={i}>
          {i > 0 ? ' + ' : null}
          <span className="whitespace-nowrap">{piecesText([piece])}</span>
        </span>
      ))}
    </span>
  );
}
