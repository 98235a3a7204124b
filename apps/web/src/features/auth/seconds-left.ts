import { useEffect, useState } from 'react';

/** Whole seconds from now until `at` (epoch ms), 0 once passed; counts down each second. */
export function useSecondsUntil(at: number): number {
  const left = () => Math.max(0, Math.ceil((at - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (left() === 0) return;
    const t = setInterval(() => {
      setSeconds(left());
      if (left() === 0) clearInterval(t);
    }, 1000);
    return () => clearInterval(t);
  }, [at]); // eslint-disable-line react-hooks/exhaustive-deps
  return seconds;
}
