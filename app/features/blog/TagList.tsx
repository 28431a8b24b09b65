/** A post's tags as small labels (no tag pages yet: they are not links). */
export function TagList({ tags, className = "" }: { tags: readonly string[]; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
          {tag}
        </li>
      ))}
    </ul>
  );
}
