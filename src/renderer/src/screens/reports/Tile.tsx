/** One figure of a report at a glance: what it is, the figure, and a note beneath. */
export function Tile({ label, value, note, testId, big = false }: { label: string; value: string; note: string; testId: string; big?: boolean }) {
  return (
    <div className={big ? 'tile card big' : 'tile card'} data-testid={testId}>
      <span className="muted">{label}</span>
      <strong>{value}</strong>
      <span className="muted small">{note}</span>
    </div>
  );
}
