//! What shows instead of something that did not load: a refusal in the server's words as a plain
//! notice (asking again would not help), else «Не удалось загрузить …» with «Повторить».

interface Props {
  /** What did not load, as in «Не удалось загрузить …»: «посещаемость». */
  what: string;
  /** The server's reason for a refusal (403); null for any other failure. */
  refused?: string | null;
  onRetry: () => void;
}

export function LoadFailure({ what, refused, onRetry }: Props) {
  if (refused) return <p className="empty-state">{refused}</p>;
  return (
    <div className="empty-state">
      <p>Не удалось загрузить {what}.</p>
      <button type="button" className="secondary outline" onClick={onRetry}>
        Повторить
      </button>
    </div>
  );
}
