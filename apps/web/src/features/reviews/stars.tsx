import { Star } from 'lucide-react';

/** Filled stars for a rating out of five (read as "4 out of 5 stars"). */
export function Stars({ value, size = 16 }: { value: number; size?: number }) {
  const full = Math.round(value);
  return (
    <span role="img" aria-label={`${value} out of 5 stars`} className="inline-flex text-amber-500">
      {[1, 2, 3, 4, 5].map((i) => (
        <Star key={i} size={size} aria-hidden="true" fill={i <= full ? 'currentColor' : 'none'} strokeWidth={1.5} />
      ))}
    </span>
  );
}
