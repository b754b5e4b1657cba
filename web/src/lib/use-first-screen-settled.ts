import { useEffect, useState } from 'react';
import { firstScreenSettled } from './first-screen';

/** Whether the first screen has settled (lib/first-screen.ts): what can wait for it (a badge's count) asks once it has. */
export function useFirstScreenSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let mounted = true;
    void firstScreenSettled().then(() => mounted && setSettled(true));
    return () => {
      mounted = false;
    };
  }, []);
  return settled;
}
