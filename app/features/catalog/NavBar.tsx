import { Link } from "react-router";

/** Up, previous and next links between pages; each shows only when it has a target (requirements §2). */
export function NavBar({
  up,
  previous,
  next,
  upLabel = "Demo Home",
}: {
  up?: string;
  previous?: string;
  next?: string;
  upLabel?: string;
}) {
  return (
    <nav aria-label="Demo pages" className="flex flex-wrap items-center gap-3">
      {previous && (
        <Link className="btn-secondary" to={previous} rel="prev">
          <span aria-hidden="true">←</span> Previous
        </Link>
      )}
      {up && (
        <Link className="btn-secondary" to={up}>
          <span aria-hidden="true">↑</span> {upLabel}
        </Link>
      )}
      {next && (
        <Link className="btn-secondary" to={next} rel="next">
          Next <span aria-hidden="true">→</span>
        </Link>
      )}
    </nav>
  );
}
